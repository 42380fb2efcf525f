import "./bottom-panels.css";
import { type CSSProperties, lazy, type ReactNode, useRef, useState } from "react";
import { InboxTabLabel } from "../inbox/inbox-tab-label";
import { useInboxUnseen } from "../inbox/use-inbox-unseen";
import { ProblemsPanel } from "../problems/problems-panel";
import { ProblemsTabLabel } from "../problems/problems-tab-label";
import { useEditorStore } from "../store/editor-store-context";
import { selectProblems } from "../store/selectors";
import { ChromeIcon } from "../ui/icons";
import { Loading } from "../ui/loading";
import { PanelResizer } from "../ui/panel-resizer";
import { Tabs } from "../ui/tabs";
import { PREVIEW_MIN, rememberedOutputHeight, rememberOutputHeight } from "./output-height";
import { resumingAction } from "./resuming-action";
import { readTabMemory, rememberInTab, tabStorage } from "./tab-memory";

// Panels not needed for the first paint load on demand, keeping the initial bundle small.
const PublishPanel = lazy(() =>
  import("../publish/publish-panel").then((m) => ({ default: m.PublishPanel })),
);
const InboxPanel = lazy(() => import("../inbox/inbox-panel").then((m) => ({ default: m.InboxPanel })));
const JsonPanel = lazy(() => import("../json/json-panel").then((m) => ({ default: m.JsonPanel })));

const BOTTOM_TABS = ["problems", "json", "publish", "inbox"] as const;
type BottomTab = (typeof BOTTOM_TABS)[number];

/**
 * The output panels under the preview (`children`): problems, JSON, publish and inbox, foldable, with
 * a top edge the user drags (the height is remembered); the preview above keeps a useful height
 * whatever it is.
 */
export function BottomPanels(props: { children: ReactNode }) {
  const [tab, setTab] = useState<BottomTab>(() => {
    const resume = resumingAction();
    if (resume === "publish") return "publish";
    // A subscription waiting for consent, or the Inbox's own sign-in, which says how it went there.
    if (resume === "subscribe" || resume === "inbox") return "inbox";
    // Arriving from a chat button (the start address answers with the conversation), the user came
    // to see that request in the inbox.
    const arrival = typeof window === "undefined" ? null : new URLSearchParams(window.location.search);
    if (arrival?.has("conversation_id")) return "inbox";
    // Else the tab shown before this tab's page was loaded again (a sign-out reloads it).
    const kept = readTabMemory(tabStorage()).outputTab;
    return BOTTOM_TABS.find((t) => t === kept) ?? "problems";
  });
  const counts = useEditorStore((s) => {
    const p = selectProblems(s);
    return p.pending ? "pending" : `${p.errors.length}/${p.warnings.length}`;
  });
  const [errors, warnings] = counts.split("/").map(Number);
  const [collapsed, setCollapsed] = useState(false);
  const unseen = useInboxUnseen(tab === "inbox" && !collapsed);
  // A height the user dragged to; null lets each tab take its own share of the stage (bottom-panels.css).
  const [height, setHeight] = useState<number | null>(rememberedOutputHeight);
  const resize = (h: number | null) => {
    setHeight(h);
    rememberOutputHeight(h);
  };
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
    rememberInTab(tabStorage(), { outputTab: id });
  };
  return (
    // The stage (preview over this panel) carries the panel's state for the wide layout (layout.css).
    <div className="stage" data-output={collapsed ? "folded" : tab}>
      {props.children}
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
            // The preview above keeps PREVIEW_MIN of the stage; the tab row stays too.
            max={() => Math.max(160, stageHeight(body.current) - PREVIEW_MIN - 56)}
            measure={() => body.current?.getBoundingClientRect().height ?? 200}
            onHeight={resize}
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
              label:
                t.id === "problems" ? (
                  <ProblemsTabLabel
                    errors={errors ?? 0}
                    warnings={warnings ?? 0}
                    pending={counts === "pending"}
                  />
                ) : t.id === "inbox" ? (
                  <InboxTabLabel unseen={unseen} />
                ) : (
                  t.label
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
            {tab === "inbox" ? <InboxPanel aloud={!collapsed} /> : null}
          </Loading>
        </div>
      </section>
    </div>
  );
}

/** The height of the stage (preview and output) around the panel, or the window's without one. */
function stageHeight(el: HTMLElement | null): number {
  const stage = el?.closest(".stage");
  const h = stage?.getBoundingClientRect().height ?? 0;
  return h > 0 ? h : window.innerHeight;
}
