import { beforeEach } from "vitest";

// The studio fetches its deferred chunks (the preview's icon drawings) right after it is drawn;
// component tests load them up front, as a user's first click would find them, so queries stay synchronous.
if (typeof document !== "undefined") {
  const { preloadDeferred } = await import("../../src/preview/deferred");
  // The modules that register deferred parts, not the whole app: a test file may still replace a
  // registry module with vi.mock (test/component/throwaway-widget.test.tsx) before the app loads.
  await import("../../src/preview/preview-icons");
  await preloadDeferred();
  // The inspector's chunk, likewise, but before each test: by then a test file's vi.mock is in
  // place, so the inspector binds to the mocked registry as the app would.
  beforeEach(async () => {
    const { loadInspector } = await import("../../src/editor/inspector/lazy-inspector");
    await loadInspector();
    // And the drag code (dnd-kit), which the app fetches right after its first paint.
    const { loadDragKit } = await import("../../src/editor/ui/lazy-drag");
    await loadDragKit();
  });
}

// The contract (zod, every schema) likewise: the app loads it right after its first paint, and its
// "pending" state before then is tested on its own (test/component/contract-pending.test.tsx).
beforeEach(async () => {
  const { loadContract } = await import("../../src/editor/contract/contract-gate");
  await loadContract();
});
