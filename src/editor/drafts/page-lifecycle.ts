// The page's own events that the draft session acts on: leaving the tab, closing or reloading it,
// coming back from the back/forward cache.

/** What the draft session does at each moment of the page's life. */
export interface PageHooks {
  /** Whether closing now would lose edits (after trying to save them): the browser then asks first. */
  atRisk(): boolean;
  /** The tab was left for another (hidden): save now, since timers wait up to a second there. */
  hidden(): void;
  /** The page is going away (closed, reloaded, or into the back/forward cache). */
  leaving(): void;
  /** The page came back from the back/forward cache. */
  back(): void;
}

/** Listens on `target` (the window) for the page's life; returns what stops listening. */
export function watchPage(
  target: Pick<Window, "addEventListener" | "removeEventListener"> | null,
  hooks: PageHooks,
): () => void {
  if (!target) return () => {};
  // `returnValue` for Chromium before 119, which ignores `preventDefault` here.
  const onBeforeUnload = (e: Event) => {
    if (!hooks.atRisk()) return;
    e.preventDefault();
    Reflect.set(e, "returnValue", "unsaved");
  };
  const onVisibility = () => {
    if (globalThis.document?.visibilityState === "hidden") hooks.hidden();
  };
  const onHide = () => hooks.leaving();
  const onShow = (e: Event) => {
    if ("persisted" in e && e.persisted) hooks.back();
  };
  target.addEventListener("beforeunload", onBeforeUnload);
  target.addEventListener("visibilitychange", onVisibility);
  target.addEventListener("pagehide", onHide);
  target.addEventListener("pageshow", onShow);
  return () => {
    target.removeEventListener("beforeunload", onBeforeUnload);
    target.removeEventListener("visibilitychange", onVisibility);
    target.removeEventListener("pagehide", onHide);
    target.removeEventListener("pageshow", onShow);
  };
}
