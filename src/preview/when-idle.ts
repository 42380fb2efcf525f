// The page's next idle moment, for work that can wait until a frame is painted (labels of far preview
// frames, the parts of the editor kept out of the first load). It lives in the lowest browser layer
// so the preview and the editor share it.

type IdleWindow = { requestIdleCallback?: (cb: () => void, opts?: { timeout: number }) => number };

/**
 * Runs `task` at the page's next idle moment, or after `timeout` ms on a page that is never idle;
 * in a browser without `requestIdleCallback`, in a task of its own. Returns a function that cancels it.
 */
export function whenIdle(task: () => void, timeout: number): () => void {
  const idle = (globalThis as IdleWindow).requestIdleCallback;
  if (idle) {
    const id = idle(task, { timeout });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(task, 0);
  return () => clearTimeout(id);
}
