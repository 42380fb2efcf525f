import "./app-header.css";
import { useEffect, useRef, useState } from "react";
import { useStore } from "zustand";
import type { DraftSession } from "../drafts/draft-session";
import { stepHistory } from "../history/history-actions";
import { useEditorStore, useEditorStoreApi } from "../store/editor-store-context";
import { selectCanRedo, selectCanUndo, selectExportBody } from "../store/selectors";
import type { Template } from "../templates/templates";
import { IconButton } from "../ui/icon-button";
import { ChromeIcon } from "../ui/icons";
import { type TabItem, Tabs } from "../ui/tabs";

/** Closes a popover when the pointer goes down outside it. */
function useOutsideClose(ref: React.RefObject<HTMLElement | null>, open: boolean, close: () => void) {
  useEffect(() => {
    if (!open) return;
    const onDown = (e: PointerEvent) => {
      if (ref.current && e.target instanceof Node && !ref.current.contains(e.target)) close();
    };
    document.addEventListener("pointerdown", onDown);
    return () => document.removeEventListener("pointerdown", onDown);
  }, [ref, open, close]);
}

/** Add-on editor or chat composer. */
export type Mode = "addon" | "chat";

const MODE_TABS: readonly TabItem<Mode>[] = [
  { id: "addon", label: "Add-on" },
  { id: "chat", label: "Chat message" },
];

/** The top bar: mode, kind, drafts, undo/redo, templates, share, theme. */
export function AppHeader(props: {
  session: DraftSession;
  mode: Mode;
  onMode: (m: Mode) => void;
  theme: "light" | "dark";
  onTheme: (t: "light" | "dark") => void;
}) {
  const { session, mode } = props;
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
          <DraftControls session={session} />
          <UndoRedo />
          <span className="spacer" />
          <TemplatesMenu session={session} />
          <ShareButton />
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

function DraftControls(props: { session: DraftSession }) {
  const { session } = props;
  const drafts = useStore(session.ui, (s) => s.drafts);
  const currentId = useStore(session.ui, (s) => s.currentId);
  const current = drafts.find((d) => d.id === currentId);
  const [name, setName] = useState(current?.name ?? "");
  useEffect(() => setName(current?.name ?? ""), [current?.name]);
  const commit = () => {
    const trimmed = name.trim();
    if (trimmed && trimmed !== current?.name) session.rename(trimmed);
    else setName(current?.name ?? "");
  };
  return (
    <fieldset className="draft-controls bare" aria-label="Drafts">
      <label className="visually-hidden" htmlFor="draft-select">
        Open draft
      </label>
      <select
        id="draft-select"
        className="input draft-select"
        value={currentId}
        onChange={(e) => session.switchTo(e.target.value)}
      >
        {drafts.map((d) => (
          <option key={d.id} value={d.id}>
            {d.name}
          </option>
        ))}
      </select>
      <label className="visually-hidden" htmlFor="draft-name">
        Draft name
      </label>
      <input
        id="draft-name"
        className="input draft-name"
        value={name}
        data-native-undo=""
        onChange={(e) => setName(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === "Enter") commit();
          if (e.key === "Escape") setName(current?.name ?? "");
        }}
      />
      <IconButton icon="plus" label="New draft" onClick={() => session.newDraft()} />
      <IconButton
        icon="delete"
        label="Delete draft"
        danger
        onClick={() => {
          if (window.confirm(`Delete the draft "${current?.name ?? ""}"? This cannot be undone.`))
            session.remove(currentId);
        }}
      />
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

function TemplatesMenu(props: { session: DraftSession }) {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLFieldSetElement>(null);
  const wrap = useRef<HTMLDivElement>(null);
  useOutsideClose(wrap, open, () => setOpen(false));
  // Template bodies load with the menu, not with the page.
  const [templates, setTemplates] = useState<readonly Template[] | null>(null);
  useEffect(() => {
    if (open && !templates) void import("../templates/templates").then((m) => setTemplates(m.TEMPLATES));
  }, [open, templates]);
  useEffect(() => {
    // Focus moves into the menu once its templates are there.
    if (!open || !templates) return;
    const first = ref.current?.querySelector("button");
    first?.focus();
  }, [open, templates]);
  return (
    <div className="menu-wrap" ref={wrap}>
      <button
        type="button"
        className="button"
        aria-expanded={open}
        aria-controls="templates-menu"
        title="Start from a template"
        onClick={() => setOpen((o) => !o)}
      >
        <ChromeIcon name="templates" />
        <span className="button-text">Templates</span>
      </button>
      {open ? (
        <fieldset
          id="templates-menu"
          className="menu"
          ref={ref}
          aria-label="Templates"
          onKeyDown={(e) => {
            if (e.key !== "Escape") return;
            setOpen(false);
            // The focused menu item is going away: focus returns to the button that opened the menu.
            wrap.current?.querySelector("button")?.focus();
          }}
        >
          <p className="muted">Opens as a new draft; your current draft is kept.</p>
          {templates ? null : <p className="muted">Loading templates…</p>}
          {(templates ?? []).map((t) => (
            <button
              key={t.id}
              type="button"
              className="menu-item"
              aria-label={`Use template: ${t.name}`}
              onClick={async () => {
                const { importJson } = await import("../json/import-body");
                const res = importJson(t.body, t.kind);
                if (res.ok) props.session.newDraft(res.doc, t.name);
                setOpen(false);
              }}
            >
              <span className="menu-item-title">{t.name}</span>
              <span className="muted">{t.description}</span>
            </button>
          ))}
        </fieldset>
      ) : null}
    </div>
  );
}

/** Links longer than this are cut by some messengers and mail clients (browsers take ~2 MB). */
const LONG_LINK = 8000;

function ShareButton() {
  const api = useEditorStoreApi();
  const [link, setLink] = useState<string | null>(null);
  const [status, setStatus] = useState("");
  const wrap = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement>(null);
  useOutsideClose(wrap, link !== null, () => setLink(null));
  async function share() {
    const s = api.getState();
    const { shareUrl } = await import("../share/share-link");
    const url = shareUrl(window.location.href, s.doc.kind, selectExportBody(s));
    setLink(url);
    try {
      await navigator.clipboard.writeText(url);
      setStatus("Share link copied.");
    } catch {
      setStatus("Copy the link below.");
    }
  }
  const closeOnEscape = (e: React.KeyboardEvent) => {
    if (e.key !== "Escape" || link === null) return;
    setLink(null);
    wrap.current?.querySelector("button")?.focus();
  };
  useEffect(() => {
    // Keyboard users land on the link, selected, ready to copy by hand if the clipboard refused.
    if (link !== null) input.current?.focus();
  }, [link]);
  return (
    <div className="menu-wrap" ref={wrap}>
      <button
        type="button"
        className="button"
        onClick={share}
        onKeyDown={closeOnEscape}
        aria-expanded={link !== null}
        aria-controls="share-menu"
        title="Copy a link that opens this add-on"
      >
        <ChromeIcon name="share" />
        <span className="button-text">Share</span>
      </button>
      {link ? (
        <fieldset id="share-menu" className="menu" aria-label="Share link" onKeyDown={closeOnEscape}>
          <p role="status">{status} Opening it loads this add-on as a new draft, in any browser.</p>
          <label className="field-label" htmlFor="share-link">
            Share link
          </label>
          <input
            ref={input}
            id="share-link"
            className="input"
            readOnly
            value={link}
            data-native-undo=""
            onFocus={(e) => e.currentTarget.select()}
          />
          {link.length > LONG_LINK ? (
            <p className="note">
              This link is {link.length.toLocaleString("en")} characters long. Browsers open it, but some chat
              apps and mail clients cut long links: for an add-on this size, send the downloaded JSON file
              instead.
            </p>
          ) : null}
          <button
            type="button"
            className="button"
            onClick={() => {
              setLink(null);
              wrap.current?.querySelector("button")?.focus();
            }}
          >
            Close
          </button>
        </fieldset>
      ) : null}
    </div>
  );
}
