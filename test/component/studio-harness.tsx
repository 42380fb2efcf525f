import { render } from "@testing-library/react";
import { afterEach } from "vitest";
import { App } from "../../src/editor/app";
import { bootEditor } from "../../src/editor/boot";
import { decodeShare } from "../../src/editor/share/share-link";

// Sessions left running would save their debounced edits into the next test's storage.
const running = new Set<{ dispose: () => void }>();
afterEach(() => {
  for (const session of running) session.dispose();
  running.clear();
  // What a tab keeps over a reload (shell/tab-memory.ts) must not carry into the next test.
  window.sessionStorage.clear();
});

/** Boots the studio as main.tsx does, against jsdom's localStorage, and renders it. */
export function renderStudio(options: { hash?: string; search?: string; tab?: Storage } = {}) {
  const hash = options.hash ?? "";
  const search = options.search ?? "";
  const booted = bootEditor(
    {
      location: { href: `http://localhost/${search}${hash}`, hash, search },
      storage: window.localStorage,
      channel: null,
      target: window,
      clearHash: () => {},
      tab: options.tab ?? null,
    },
    decodeShare(hash),
  );
  const view = render(<App store={booted.store} session={booted.session} />);
  // What the tab keeps is written as the page is left: the studio stops listening with its session.
  const studio = {
    dispose() {
      booted.session.dispose();
      booted.stop();
    },
  };
  running.add(studio);
  return {
    ...booted,
    ...view,
    /** Ends the session as a page unload would (final save). */
    close() {
      studio.dispose();
      running.delete(studio);
      view.unmount();
    },
  };
}
