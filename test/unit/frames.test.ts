// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import { framesDrawnFor, nextFrameDrawn } from "../../src/editor/shell/frames";

// The editor's code waits until a palette click on the built page's first paint is on screen
// (issue 14): a frame that began before the click does not count.

/** A page whose frames are drawn when the test says so. */
function framesByHand() {
  let callbacks: FrameRequestCallback[] = [];
  vi.stubGlobal("requestAnimationFrame", (cb: FrameRequestCallback) => {
    callbacks.push(cb);
    return callbacks.length;
  });
  return {
    /** Runs this frame's callbacks; the frame is drawn once the test yields to the event loop. */
    frame() {
      const now = callbacks;
      callbacks = [];
      for (const cb of now) cb(performance.now());
    },
    waiting: () => callbacks.length,
  };
}

/** Lets queued tasks (the message posted after a frame) run. */
const tasks = () => new Promise<void>((resolve) => setTimeout(resolve, 5));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("waiting for a frame that shows every click", () => {
  it("is done after one frame when nothing changed after it began", async () => {
    const page = framesByHand();
    let done = false;
    void framesDrawnFor(() => 0).then(() => {
      done = true;
    });
    page.frame();
    await tasks();
    expect(done).toBe(true);
  });

  it("waits for one more frame when a click came after the frame began", async () => {
    const page = framesByHand();
    let clicks = 0;
    let done = false;
    void framesDrawnFor(() => clicks).then(() => {
      done = true;
    });
    page.frame();
    // The click runs in the task right after the frame's callbacks: that frame does not show it.
    clicks = 1;
    await tasks();
    expect(done).toBe(false);
    expect(page.waiting()).toBe(1);
    page.frame();
    await tasks();
    expect(done).toBe(true);
  });

  it("does not wait where no frame is drawn (a tab in the background)", async () => {
    framesByHand();
    vi.spyOn(document, "visibilityState", "get").mockReturnValue("hidden");
    await expect(nextFrameDrawn()).resolves.toBe(false);
    await framesDrawnFor(() => 1);
  });

  it("gives up on a frame that never comes after 100 ms", async () => {
    framesByHand();
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    try {
      let drawn: boolean | undefined;
      void nextFrameDrawn().then((d) => {
        drawn = d;
      });
      await vi.advanceTimersByTimeAsync(99);
      expect(drawn).toBeUndefined();
      await vi.advanceTimersByTimeAsync(1);
      expect(drawn).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });
});
