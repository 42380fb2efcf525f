import { render } from "@testing-library/react";
import { App } from "../../src/editor/app";
import { bootEditor } from "../../src/editor/boot";
import { decodeShare } from "../../src/editor/share/share-link";

/** Boots the studio as main.tsx does, against jsdom's localStorage, and renders it. */
export function renderStudio(options: { hash?: string; search?: string } = {}) {
  const hash = options.hash ?? "";
  const search = options.search ?? "";
  const booted = bootEditor(
    {
      location: { href: `http://localhost/${search}${hash}`, hash, search },
      storage: window.localStorage,
      channel: null,
      target: window,
      clearHash: () => {},
    },
    decodeShare(hash),
  );
  const view = render(<App store={booted.store} session={booted.session} />);
  return {
    ...booted,
    ...view,
    /** Ends the session as a page unload would (final save). */
    close() {
      booted.session.dispose();
      view.unmount();
    },
  };
}
