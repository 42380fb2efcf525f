export {};

// The studio fetches its deferred chunks (the preview's icon drawings) right after it is drawn;
// component tests load them up front, as a user's first click would find them, so queries stay synchronous.
if (typeof document !== "undefined") {
  const { preloadDeferred } = await import("../../src/preview/deferred");
  await import("../../src/editor/app");
  await preloadDeferred();
}
