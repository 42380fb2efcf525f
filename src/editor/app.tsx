import { lazy, useEffect, useState } from "react";
import { DraftNameProvider } from "./drafts/draft-name";
import type { DraftSession } from "./drafts/draft-session";
import { AppHeader, type Mode } from "./header/app-header";
import { useUndoShortcuts } from "./history/use-undo-shortcuts";
import { AddonWorkspace } from "./shell/addon-workspace";
import { Notices } from "./shell/notices";
import { resumingAction } from "./shell/resuming-action";
import { readTabMemory, rememberInTab, tabStorage } from "./shell/tab-memory";
import { initialTheme, THEME_KEY, type Theme } from "./shell/theme";
import { usePreloadDeferred } from "./shell/use-preload-deferred";
import type { EditorStore } from "./store/editor-store";
import { EditorStoreProvider, useEditorStoreApi } from "./store/editor-store-context";
import { Announcer } from "./ui/announcer";
import { Loading } from "./ui/loading";
// The main preview column draws add-ons too; its styles must not wait for a lazily loaded panel.
import "../preview/preview-styles";

// The chat composer is not needed for the first paint: it loads on demand.
const ChatComposer = lazy(() => import("./chat/chat-composer").then((m) => ({ default: m.ChatComposer })));

/** The studio: header, palette, widget list, inspector, preview, and the bottom panels. */
export function App(props: { store: EditorStore; session: DraftSession }) {
  return (
    <EditorStoreProvider store={props.store}>
      <DraftNameProvider session={props.session}>
        <Studio session={props.session} />
      </DraftNameProvider>
    </EditorStoreProvider>
  );
}

function Studio(props: { session: DraftSession }) {
  const api = useEditorStoreApi();
  // Back from the consent page, the side whose action resumes; else the side this tab showed last.
  const [mode, setModeState] = useState<Mode>(() => {
    const resume = resumingAction();
    if (resume) return resume === "send" ? "chat" : "addon";
    return readTabMemory(tabStorage()).mode ?? "addon";
  });
  const setMode = (m: Mode) => {
    setModeState(m);
    rememberInTab(tabStorage(), { mode: m });
  };
  const [theme, setTheme] = useState<Theme>(initialTheme);
  useUndoShortcuts(api, mode === "addon");
  usePreloadDeferred();
  useEffect(() => {
    document.documentElement.dataset.theme = theme;
  }, [theme]);
  // Remembered when chosen, not written at every start (a first write to storage is slow, and an
  // unchosen theme follows the system's).
  const chooseTheme = (t: Theme) => {
    setTheme(t);
    try {
      localStorage.setItem(THEME_KEY, t);
    } catch {
      // Not remembering the theme is harmless.
    }
  };
  return (
    <div className="app">
      <a className="skip-link" href="#workspace">
        Skip to the editor
      </a>
      <Announcer />
      <AppHeader session={props.session} mode={mode} onMode={setMode} theme={theme} onTheme={chooseTheme} />
      <Notices session={props.session} />
      <main id="workspace" className="workspace" tabIndex={-1}>
        {mode === "addon" ? (
          <AddonWorkspace theme={theme} />
        ) : (
          <Loading>
            <ChatComposer theme={theme} />
          </Loading>
        )}
      </main>
    </div>
  );
}
