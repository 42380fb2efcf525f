import "./zod-jitless";
import "@fontsource/vazirmatn/400.css";
import "@fontsource/vazirmatn/700.css";
import "./styles/app.css";
import { StrictMode } from "react";
import { flushSync } from "react-dom";
import { createRoot } from "react-dom/client";
import { isWidgetKind, metaOf } from "../widgets/catalog";
import { App } from "./app";
// After every eager panel's own stylesheet, so the narrow-width rules win over them as before.
import "./styles/layout.css";
import { bootEditor } from "./boot";
import { loadContract, subscribeContract } from "./contract/contract-gate";
import { MemoryStorage, usableLocalStorage } from "./drafts/memory-storage";
import { announceAdded } from "./palette/palette";
import { SHARE_CODE_FAILED } from "./share/shared-link-notice";
import { afterFirstPaint } from "./shell/after-first-paint";
import { earlyShell, SHARED_DOC } from "./shell/early-shell";
import { framesDrawnFor } from "./shell/frames";
import { tabStorage } from "./shell/tab-memory";

async function start(root: HTMLElement) {
  // On the built page's first paint (shell/early-shell.ts), a palette click made while this code was
  // evaluated has drawn its row in the shell: the frame that shows it is drawn before the editor's
  // first render, which holds the page for tens of milliseconds.
  if (earlyShell(window)) await framesDrawnFor(() => earlyShell(window)?.adds.length ?? 0);
  // The share-link decoder (lz-string, migration) loads only when the address carries a document,
  // and a shared document waits for the contract: its notice counts the document's errors.
  // If that code cannot be fetched, the editor opens without it and the link stays in the address.
  let unopened = false;
  const shared = SHARED_DOC.test(window.location.hash)
    ? await Promise.all([import("./share/share-link"), loadContract()]).then(
        ([m]) => m.decodeShare(window.location.hash),
        () => {
          unopened = true;
          return undefined;
        },
      )
    : undefined;
  const local = usableLocalStorage();
  const { store, session } = bootEditor(
    {
      location: window.location,
      storage: local ?? new MemoryStorage(),
      channel: typeof BroadcastChannel === "function" ? new BroadcastChannel("addon-studio-drafts") : null,
      target: window,
      clearHash: () => history.replaceState(null, "", window.location.pathname + window.location.search),
      tab: tabStorage(),
    },
    shared,
  );
  if (unopened) session.setNotice(SHARE_CODE_FAILED);
  if (!local)
    session.setNotice({
      tone: "error",
      text: "This browser does not let the studio use its storage, so drafts will not survive a reload. Download the JSON to keep your work.",
    });
  // The contract (zod, every schema) is not needed for the first paint: when it arrives, every
  // selector runs again (validation leaves its "pending" state).
  subscribeContract(() => store.setState({}));
  // Without it nothing can be checked: say so rather than "checking" for ever (the inspector's
  // load, which needs it too, tries again).
  afterFirstPaint(() =>
    loadContract().catch(() =>
      session.setNotice({
        tone: "error",
        text: "Could not load the studio's validation code, so problems cannot be listed. Reload the page; your draft is kept.",
      }),
    ),
  );
  // Palette clicks on the built page's first paint, before this code ran (shell/early-shell.ts):
  // added now, so the first render draws them where the shell drew them.
  const early = earlyShell(window);
  early?.stop();
  const focused = early?.focusedKind();
  let added: { id: string; label: string } | null = null;
  for (const kind of early?.adds ?? [])
    if (isWidgetKind(kind)) {
      const id = store.getState().addWidget(kind);
      if (id) added = { id, label: metaOf(kind).label };
    }
  // Rendered, committed and its effects run before the first frame (flushSync): the store's
  // subscriptions are in place when the palette is first painted, so a click at once is drawn in
  // the next frame instead of waiting for the effects' task after the paint.
  const app = createRoot(root);
  flushSync(() =>
    app.render(
      <StrictMode>
        <App store={store} session={session} />
      </StrictMode>,
    ),
  );
  // The render replaced the shell's palette button that had focus: its new one takes it.
  if (focused) root.querySelector<HTMLElement>(`.palette-item[data-kind="${CSS.escape(focused)}"]`)?.focus();
  if (added) announceAdded(store, added.id, added.label);
}

const root = document.getElementById("root");
if (root) void start(root);
