// Loaders of the parts kept out of the first-load chunk (see preview/preview-icons.tsx), so the app
// can fetch them all once it is usable, and tests up front.
const loaders: (() => Promise<unknown>)[] = [];

/** Adds the loader of a deferred part to those `preloadDeferred` runs. */
export function registerDeferred(load: () => Promise<unknown>): void {
  loaders.push(load);
}

/** Fetches every deferred part now (after the editor is usable, so a later view finds it loaded). */
export function preloadDeferred(): Promise<unknown> {
  return Promise.all(loaders.map((l) => l()));
}
