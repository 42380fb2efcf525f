// Waiting for frames drawn, for the start of the editor (main.tsx) and for the built page's inline
// script that loads the editor's code (early-shell.ts): a palette click on the built page's first
// paint is drawn before the editor's code takes the page for tens of milliseconds. Small and free of
// imports: it is part of the inline script.

/**
 * Resolves once the next frame has been drawn (a message posted from its animation-frame callback),
 * or after 100 ms: a tab opened in the background draws no frames until it is shown, and the
 * editor must not wait for that. `atFrame` runs in that frame's callback, before it is drawn; the
 * promise says whether a frame was drawn.
 */
export function nextFrameDrawn(atFrame?: () => void): Promise<boolean> {
  if (document.visibilityState !== "visible" || typeof requestAnimationFrame !== "function")
    return Promise.resolve(false);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), 100);
    requestAnimationFrame(() => {
      atFrame?.();
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        clearTimeout(timer);
        resolve(true);
      };
      channel.port2.postMessage(null);
    });
  });
}

/**
 * Resolves once a frame has been drawn that holds every change `count` counted when that frame
 * began: a change made after a frame's callback (a click in the task right after the frame) waits
 * for one more frame. At most `max` frames; at once where no frame is drawn (a tab in the background).
 */
export async function framesDrawnFor(count: () => number, max = 4): Promise<void> {
  for (let i = 0; i < max; i++) {
    let inFrame = -1;
    const drawn = await nextFrameDrawn(() => {
      inFrame = count();
    });
    if (!drawn || count() === inFrame) return;
  }
}
