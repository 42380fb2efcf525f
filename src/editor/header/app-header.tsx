import "./app-header.css";
import type { DraftSession } from "../drafts/draft-session";
import { stepHistory } from "../history/history-actions";
import { useSharedLink } from "../share/use-shared-link";
import { useEditorStore, useEditorStoreApi } from "../store/editor-store-context";
import { selectCanRedo, selectCanUndo } from "../store/selectors";
import { IconButton } from "../ui/icon-button";
import { type TabItem, Tabs } from "../ui/tabs";
import { DraftControls } from "./draft-controls";
import { ShareButton } from "./share-button";
import { TemplatesMenu } from "./templates-menu";

/** Add-on editor or chat composer. */
export type Mode = "addon" | "chat";

const MODE_TABS: readonly TabItem<Mode>[] = [
  { id: "addon", label: "Add-on" },
  {
    id: "chat",
    // At 1024 px the header shows "Chat"; the tab's name stays "Chat message" (layout.css).
    label: (
      <>
        Chat <span className="mode-tab-more">message</span>
      </>
    ),
  },
];

/** The top bar: mode, kind, drafts, undo/redo, templates, share, theme. */
export function AppHeader(props: {
  session: DraftSession;
  mode: Mode;
  onMode: (m: Mode) => void;
  theme: "light" | "dark";
  onTheme: (t: "light" | "dark") => void;
}) {
  const { session, mode, onMode } = props;
  // A share link opened in this tab shows in the add-on editor, also from the chat composer.
  useSharedLink(session, () => onMode("addon"));
  return (
    <header className="app-header">
      <div className="brand">
        <span className="brand-mark" aria-hidden="true">
          ◆
        </span>
        <h1 className="brand-name">Addon Studio</h1>
      </div>
      <Tabs
        className="mode-tabs"
        label="Mode"
        controls="workspace"
        domId={(id) => `mode-tab-${id}`}
        selected={mode}
        onSelect={props.onMode}
        tabs={MODE_TABS}
      />
      {mode === "addon" ? (
        <>
          <KindSwitch />
          <DraftControls
            session={session}
            onChat={() => {
              onMode("chat");
              // The menu that chose it went with the add-on header: focus goes to the mode's tab, which
              // says where the user is ("Chat message, tab, selected").
              requestAnimationFrame(() => document.getElementById("mode-tab-chat")?.focus());
            }}
          />
          <UndoRedo />
          <span className="spacer" />
          <TemplatesMenu session={session} />
          <ShareButton session={session} />
        </>
      ) : (
        <span className="spacer" />
      )}
      <button
        type="button"
        className="icon-button theme-toggle"
        aria-pressed={props.theme === "dark"}
        aria-label="Dark theme"
        title="Dark theme"
        onClick={() => props.onTheme(props.theme === "dark" ? "light" : "dark")}
      >
        <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
          <path d="M13.5 10.2A5.8 5.8 0 0 1 5.8 2.5a5.8 5.8 0 1 0 7.7 7.7z" fill="currentColor" />
        </svg>
      </button>
    </header>
  );
}

function KindSwitch() {
  const kind = useEditorStore((s) => s.doc.kind);
  const setKind = useEditorStore((s) => s.setKind);
  return (
    <fieldset
      className="segmented kind-switch"
      aria-label="Document kind"
      title="What the add-on is attached to"
    >
      <legend className="visually-hidden">Document kind</legend>
      {(["post", "user"] as const).map((k) => (
        <label key={k} className={`segment ${kind === k ? "is-on" : ""}`}>
          <input
            type="radio"
            name="document-kind"
            value={k}
            checked={kind === k}
            onChange={() => setKind(k)}
          />
          <span className="visually-hidden">{k === "post" ? "Post add-on" : "User add-on"}</span>
          <span aria-hidden="true">{k === "post" ? "Post" : "User"}</span>
        </label>
      ))}
    </fieldset>
  );
}

function UndoRedo() {
  const canUndo = useEditorStore(selectCanUndo);
  const canRedo = useEditorStore(selectCanRedo);
  const api = useEditorStoreApi();
  return (
    <fieldset className="button-row bare history-controls" aria-label="History">
      <IconButton
        icon="undo"
        label="Undo"
        title="Undo (Ctrl+Z)"
        // aria-disabled keeps focus on the button when the last step is undone (disabled would drop it).
        aria-disabled={!canUndo || undefined}
        onClick={() => stepHistory(api, "undo")}
        aria-keyshortcuts="Control+Z Meta+Z"
      />
      <IconButton
        icon="redo"
        label="Redo"
        title="Redo (Ctrl+Shift+Z or Ctrl+Y)"
        aria-disabled={!canRedo || undefined}
        onClick={() => stepHistory(api, "redo")}
        aria-keyshortcuts="Control+Shift+Z Meta+Shift+Z Control+Y"
      />
    </fieldset>
  );
}
