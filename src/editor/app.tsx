import {
  type Active,
  type Announcements,
  type CollisionDetection,
  DndContext,
  type DragEndEvent,
  type DragStartEvent,
  DragOverlay,
  KeyboardSensor,
  type Over,
  PointerSensor,
  closestCenter,
  pointerWithin,
  useSensor,
  useSensors,
} from "@dnd-kit/core";
import { sortableKeyboardCoordinates } from "@dnd-kit/sortable";
import {
  type CSSProperties,
  type ReactNode,
  Suspense,
  lazy,
  useEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { useStore } from "zustand";
import { isWidgetKind, modelOf } from "../widgets/registry";
import { AppHeader, type Mode } from "./app-header";
import { LIST_END_ID, WidgetList, labelOf } from "./canvas/widget-list";
import type { DraftSession } from "./drafts/draft-session";
import { useUndoShortcuts } from "./history/use-undo-shortcuts";
import { Inspector } from "./inspector/inspector";
import { PALETTE_PREFIX, Palette, PaletteDragPreview } from "./palette/palette";
import { AddonPreview } from "../preview/addon-preview";
import { ProblemsPanel } from "./problems/problems-panel";
import type { EditorStore } from "./store/editor-store";
import { EditorStoreProvider, useEditorStore, useEditorStoreApi } from "./store/editor-store-context";
import { indexOfWidget } from "./store/document";
import { selectProblems, selectSelectedWidget, selectWidgetIds, selectWidgets } from "./store/selectors";
import { Announcer } from "./ui/announcer";
import { preloadDeferred } from "../preview/deferred";
import { ChromeIcon } from "./ui/icons";
import { PanelResizer } from "./ui/panel-resizer";
import { scrollIntoContainer } from "./ui/scroll-into-container";
import { Tabs } from "./ui/tabs";
// The main preview column draws add-ons too; its styles must not wait for a lazily loaded panel.
import "../preview/preview-styles";

// Panels not needed for the first paint load on demand, keeping the initial bundle small.
const ChatComposer = lazy(() => import("./chat/chat-composer").then((m) => ({ default: m.ChatComposer })));
const PublishPanel = lazy(() => import("./publish/publish-panel").then((m) => ({ default: m.PublishPanel })));
const InboxPanel = lazy(() => import("./inbox/inbox-panel").then((m) => ({ default: m.InboxPanel })));
const JsonPanel = lazy(() => import("./json/json-panel").then((m) => ({ default: m.JsonPanel })));

function Loading(props: { children: ReactNode }) {
  return <Suspense fallback={<p className="muted">Loading…</p>}>{props.children}</Suspense>;
}

type Theme = "light" | "dark";
type BottomTab = "problems" | "json" | "publish" | "inbox";

/**
 * The action being resumed after the consent page (`?resume=`): its panel must be mounted on
 * arrival, because the panel is what sends the pending action again and shows the outcome.
 */
function resumingAction(): string | null {
  return typeof window === "undefined" ? null : new URLSearchParams(window.location.search).get("resume");
}

const THEME_KEY = "addon-studio:theme";

function initialTheme(): Theme {
  try {
    const saved = localStorage.getItem(THEME_KEY);
    if (saved === "light" || saved === "dark") return saved;
  } catch {
    // Storage can be unavailable (private mode); the system preference is used instead.
  }
  return typeof matchMedia === "function" && matchMedia("(prefers-color-scheme: dark)").matches
    ? "dark"
    : "light";
}

/** The studio: header, palette, widget list, inspector, preview, and the bottom panels. */
export function App(props: { store: EditorStore; session: DraftSession }) {
  return (
    <EditorStoreProvider store={props.store}>
      <Studio session={props.session} />
    </EditorStoreProvider>
  );
}

function Studio(props: { session: DraftSession }) {
  const api = useEditorStoreApi();
  const [mode, setMode] = useState<Mode>(() => (resumingAction() === "send" ? "chat" : "addon"));
  const [theme, setTheme] = useState<Theme>(initialTheme);
  useUndoShortcuts(api, mode === "addon");
  useEffect(() => {
    // Fetch the deferred parts (the preview's icon drawings) at the user's first press or a
    // second after the editor is drawn, whichever comes first: not before the editor is usable, yet
    // mostly in before they are shown. A failed fetch is retried when the part is shown.
    const start = () => {
      stop();
      void preloadDeferred().catch(() => {});
    };
    const t = setTimeout(start, 1000);
    const stop = () => {
      clearTimeout(t);
      window.removeEventListener("pointerdown", start, true);
      window.removeEventListener("keydown", start, true);
    };
    window.addEventListener("pointerdown", start, true);
    window.addEventListener("keydown", start, true);
    return stop;
  }, []);
  useEffect(() => {
    document.documentElement.dataset.theme = theme;
    try {
      localStorage.setItem(THEME_KEY, theme);
    } catch {
      // Not remembering the theme is harmless.
    }
  }, [theme]);
  return (
    <div className="app">
      <a className="skip-link" href="#workspace">
        Skip to the editor
      </a>
      <Announcer />
      <AppHeader session={props.session} mode={mode} onMode={setMode} theme={theme} onTheme={setTheme} />
      <Notices session={props.session} />
      <main id="workspace" className="workspace" tabIndex={-1}>
        {mode === "addon" ? (
          <AddonWorkspace theme={theme} />
        ) : (
          <Loading>
            <ChatComposer />
          </Loading>
        )}
      </main>
    </div>
  );
}

function Notices(props: { session: DraftSession }) {
  const s = useStore(props.session.ui);
  const items: Array<{ key: string; tone: "info" | "error"; text: string; dismiss?: () => void }> = [];
  if (s.saveError) items.push({ key: "save", tone: "error", text: s.saveError });
  if (s.openElsewhere)
    items.push({
      key: "tabs",
      tone: "error",
      text: "This draft is also open in another tab. Edits in both tabs overwrite each other: close one, or start a new draft here.",
    });
  if (s.notice) items.push({ key: "notice", ...s.notice, dismiss: () => props.session.setNotice(null) });
  if (!items.length) return null;
  return (
    <div className="notices">
      {items.map((n) => (
        <div key={n.key} className={`notice is-${n.tone}`} role={n.tone === "error" ? "alert" : "status"}>
          <span>{n.text}</span>
          {n.dismiss ? (
            <button type="button" className="link-button" onClick={n.dismiss}>
              Dismiss
            </button>
          ) : null}
        </div>
      ))}
    </div>
  );
}

function AddonWorkspace(props: { theme: Theme }) {
  const api = useEditorStoreApi();
  const [active, setActive] = useState<{ kind: string; label: string } | null>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const announcements = useMemo(() => makeAnnouncements(api), [api]);

  function onDragStart(e: DragStartEvent) {
    const id = String(e.active.id);
    if (id.startsWith(PALETTE_PREFIX)) {
      const kind = id.slice(PALETTE_PREFIX.length);
      setActive(isWidgetKind(kind) ? { kind, label: modelOf(kind).label } : null);
    }
  }

  function onDragEnd(e: DragEndEvent) {
    setActive(null);
    const s = api.getState();
    const id = String(e.active.id);
    const over = e.over ? String(e.over.id) : null;
    if (!over) return;
    if (id.startsWith(PALETTE_PREFIX)) {
      const kind = id.slice(PALETTE_PREFIX.length);
      if (!isWidgetKind(kind)) return;
      const at = over === LIST_END_ID ? s.doc.widgets.length : indexOfWidget(s.doc, over);
      s.addWidget(kind, at < 0 ? s.doc.widgets.length : at);
      return;
    }
    const from = indexOfWidget(s.doc, id);
    const to = over === LIST_END_ID ? s.doc.widgets.length - 1 : indexOfWidget(s.doc, over);
    if (from >= 0 && to >= 0 && from !== to) s.moveWidget(from, to);
  }

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={dropTarget}
      onDragStart={onDragStart}
      onDragEnd={onDragEnd}
      onDragCancel={() => setActive(null)}
      accessibility={{
        announcements,
        screenReaderInstructions: {
          draggable:
            "To reorder, press Space or Enter to pick the widget up, use the up and down arrow keys to move it, then press Space or Enter to drop it, or Escape to cancel.",
        },
      }}
    >
      <div className="columns">
        <Palette />
        <WidgetList />
        <Inspector />
        <PreviewColumn theme={props.theme} />
      </div>
      <BottomPanels />
      <DragOverlay dropAnimation={null}>
        {active && isWidgetKind(active.kind) ? (
          <PaletteDragPreview kind={active.kind} label={active.label} />
        ) : null}
      </DragOverlay>
    </DndContext>
  );
}

/**
 * A palette item lands where the pointer is: its drag preview is smaller than the palette item, so
 * the preview's centre (what closestCenter measures) can sit a whole row above the pointer.
 */
const dropTarget: CollisionDetection = (args) => {
  if (String(args.active.id).startsWith(PALETTE_PREFIX)) {
    const hits = pointerWithin(args);
    if (hits.length > 0) return hits;
  }
  return closestCenter(args);
};

/** Screen-reader announcements that name the widget and its position. */
function makeAnnouncements(api: EditorStore): Announcements {
  const describeActive = (active: Active) => {
    const id = String(active.id);
    if (id.startsWith(PALETTE_PREFIX)) {
      const kind = id.slice(PALETTE_PREFIX.length);
      return { label: isWidgetKind(kind) ? modelOf(kind).label : "widget", fromPalette: true, index: -1 };
    }
    const doc = api.getState().doc;
    const index = indexOfWidget(doc, id);
    return { label: labelOf(doc.widgets[index]?.widget), fromPalette: false, index };
  };
  const positionOf = (over: Over | null) => {
    if (!over) return -1;
    const doc = api.getState().doc;
    if (String(over.id) === LIST_END_ID) return doc.widgets.length;
    return indexOfWidget(doc, String(over.id));
  };
  const total = () => api.getState().doc.widgets.length;
  // The drop handler changes the document before onDragEnd is announced, so the place is taken from
  // the last onDragOver, measured while the document was still as the user saw it.
  let lastAt = -1;
  // At pick-up the item is over itself; announcing that would replace "Picked up" before it is read.
  let justPicked: string | null = null;
  return {
    onDragStart({ active }) {
      const a = describeActive(active);
      lastAt = a.index;
      justPicked = String(active.id);
      return a.fromPalette
        ? `Picked up ${a.label} from the palette.`
        : `Picked up ${a.label}, widget ${a.index + 1} of ${total()}.`;
    },
    onDragOver({ active, over }) {
      const a = describeActive(active);
      const at = positionOf(over);
      lastAt = at;
      const first = justPicked === String(active.id) && over !== null && String(over.id) === justPicked;
      justPicked = null;
      if (first) return undefined;
      if (at < 0) return `${a.label} is not over the list.`;
      return a.fromPalette
        ? `${a.label} will be added at position ${at + 1}.`
        : `${a.label} moved to position ${Math.min(at, total() - 1) + 1} of ${total()}.`;
    },
    onDragEnd({ active, over }) {
      const a = describeActive(active);
      const at = over ? lastAt : -1;
      if (at < 0) return `${a.label} was dropped outside the list; nothing changed.`;
      return a.fromPalette
        ? `Added ${a.label} at position ${at + 1}.`
        : `Dropped ${a.label} at position ${Math.min(at, total() - 1) + 1} of ${total()}.`;
    },
    onDragCancel({ active }) {
      const a = describeActive(active);
      return a.fromPalette
        ? `Cancelled: ${a.label} was not added.`
        : `Cancelled: ${a.label} stays at position ${a.index + 1} of ${total()}.`;
    },
  };
}

function PreviewColumn(props: { theme: Theme }) {
  const widgets = useEditorStore(selectWidgets);
  const ids = useEditorStore(selectWidgetIds);
  const selected = useEditorStore(selectSelectedWidget);
  const api = useEditorStoreApi();
  const [theme, setTheme] = useState<Theme>(props.theme);
  useEffect(() => setTheme(props.theme), [props.theme]);
  const body = useRef<HTMLDivElement>(null);
  const selectedIndex = selected?.index;
  // The selected widget is brought into view in the phone, as it is in the list.
  useEffect(() => {
    if (selectedIndex === undefined || !body.current) return;
    const frame = body.current.querySelectorAll(".pv-frame")[selectedIndex];
    if (frame) scrollIntoContainer(frame, body.current);
  }, [selectedIndex]);
  return (
    <section className="panel preview-column" aria-labelledby="preview-title">
      <div className="panel-head">
        <h2 id="preview-title" className="panel-title">
          Preview
        </h2>
        <fieldset className="segmented small" aria-label="Preview theme">
          <legend className="visually-hidden">Preview theme</legend>
          {(["light", "dark"] as const).map((t) => (
            <label key={t} className={`segment ${theme === t ? "is-on" : ""}`}>
              <input type="radio" name="preview-theme" checked={theme === t} onChange={() => setTheme(t)} />
              {t === "light" ? "Light" : "Dark"}
            </label>
          ))}
        </fieldset>
      </div>
      <div className="panel-body preview-body" ref={body}>
        <AddonPreview
          widgets={widgets}
          keys={ids}
          theme={theme}
          selectedIndex={selected?.index}
          onSelect={(index) => {
            const id = api.getState().doc.widgets[index]?.id;
            if (id) api.getState().select(id);
          }}
        />
      </div>
    </section>
  );
}

function BottomPanels() {
  const [tab, setTab] = useState<BottomTab>(() => {
    const resume = resumingAction();
    if (resume === "publish") return "publish";
    if (resume === "subscribe") return "inbox";
    // Arriving from a chat button (the start address answers with the conversation), the user came
    // to see that request in the inbox.
    const arrival = typeof window === "undefined" ? null : new URLSearchParams(window.location.search);
    return arrival?.has("conversation_id") ? "inbox" : "problems";
  });
  const counts = useEditorStore((s) => {
    const p = selectProblems(s);
    return `${p.errors.length}/${p.warnings.length}`;
  });
  const [errors, warnings] = counts.split("/").map(Number);
  const [collapsed, setCollapsed] = useState(false);
  // A height the user dragged to; null lets each tab take its own size (see .bottom in app.css).
  const [height, setHeight] = useState<number | null>(null);
  const body = useRef<HTMLDivElement>(null);
  const tabs: Array<{ id: BottomTab; label: string }> = [
    { id: "problems", label: "Problems" },
    { id: "json", label: "JSON" },
    { id: "publish", label: "Publish" },
    { id: "inbox", label: "Inbox" },
  ];
  const choose = (id: BottomTab) => {
    setTab(id);
    setCollapsed(false);
  };
  return (
    <section
      className={`bottom ${collapsed ? "is-collapsed" : ""} ${height === null ? "" : "is-sized"}`}
      aria-label="Output"
      data-tab={tab}
      style={height === null ? undefined : ({ "--bottom-height": `${height}px` } as CSSProperties)}
    >
      {collapsed ? null : (
        <PanelResizer
          label="Resize the output panel"
          controls="bottom-panel"
          height={height}
          min={80}
          // Header, margins, the columns' 340 px minimum and the tab row stay on screen.
          max={() => Math.max(160, window.innerHeight - 480)}
          measure={() => body.current?.getBoundingClientRect().height ?? 200}
          onHeight={setHeight}
        />
      )}
      <div className="bottom-head">
        <Tabs
          label="Output"
          controls="bottom-panel"
          domId={(id) => `bottom-tab-${id}`}
          selected={tab}
          onSelect={choose}
          tabs={tabs.map((t) => ({
            id: t.id,
            label: (
              <>
                {t.label}
                {t.id === "problems" && (errors || warnings) ? (
                  <span className={`badge ${errors ? "is-error" : "is-warning"}`}>
                    {errors ? errors : warnings}
                    <span className="visually-hidden">{errors ? " errors" : " warnings"}</span>
                  </span>
                ) : null}
              </>
            ),
          }))}
        />
        <button
          type="button"
          className="icon-button collapse-toggle"
          aria-expanded={!collapsed}
          aria-controls="bottom-panel"
          aria-label={collapsed ? "Show the output panel" : "Hide the output panel"}
          title={collapsed ? "Show the output panel" : "Hide the output panel"}
          onClick={() => setCollapsed((c) => !c)}
        >
          <ChromeIcon name="chevron" />
        </button>
      </div>
      <div
        ref={body}
        className="bottom-body"
        id="bottom-panel"
        role="tabpanel"
        aria-labelledby={`bottom-tab-${tab}`}
        hidden={collapsed}
      >
        {tab === "problems" ? <ProblemsPanel /> : null}
        <Loading>
          {tab === "json" ? <JsonPanel /> : null}
          {tab === "publish" ? <PublishPanel /> : null}
          {tab === "inbox" ? <InboxPanel /> : null}
        </Loading>
      </div>
    </section>
  );
}
