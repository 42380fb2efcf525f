import "./inspector.css";
import { useCallback } from "react";
import type { InspectorTab } from "../store/editor-store";
import { useEditorStore } from "../store/editor-store-context";
import { selectProblems } from "../store/selectors";
import { countOf } from "../ui/count-of";
import { Tabs } from "../ui/tabs";

import { DocumentInspector } from "./document-inspector";
import { useFocusRequests } from "./use-focus-requests";
import { INSPECTOR_SHORTCUT, useInspectorShortcut } from "./use-inspector-shortcut";
import { notePanelScroll, WidgetInspector } from "./widget-inspector";

const inspectorTabId = (t: InspectorTab) => `inspector-tab-${t}`;

/** The right column: the selected widget's generated form, or the document's own fields. */
export function Inspector() {
  const tab = useEditorStore((s) => s.inspectorTab);
  const setTab = useEditorStore((s) => s.setInspectorTab);
  // What the settings tab shows: "has no widgets" is the widget list's (shown there, and in
  // Problems), and counted here it sent the user to a tab with nothing to fix.
  const docProblemCount = useEditorStore(
    (s) => selectProblems(s).document.filter((p) => p.path[0] !== "widgets").length,
  );
  useFocusRequests();
  const tabIdNow = useCallback(() => inspectorTabId(tab), [tab]);
  useInspectorShortcut("inspector-panel", tabIdNow);
  return (
    <section className="panel inspector" aria-label="Inspector" aria-keyshortcuts={INSPECTOR_SHORTCUT}>
      <Tabs
        label="Inspector"
        controls="inspector-panel"
        domId={inspectorTabId}
        selected={tab}
        onSelect={setTab}
        tabs={[
          { id: "widget", label: "Widget" },
          {
            id: "document",
            label: (
              <>
                Add-on settings
                {docProblemCount ? (
                  <>
                    <span className="badge" aria-hidden="true">
                      {docProblemCount}
                    </span>
                    <span className="visually-hidden">, {countOf(docProblemCount, "problem")}</span>
                  </>
                ) : null}
              </>
            ),
          },
        ]}
      />
      <div
        className="panel-body"
        id="inspector-panel"
        role="tabpanel"
        aria-labelledby={inspectorTabId(tab)}
        onScroll={notePanelScroll}
      >
        {tab === "widget" ? <WidgetInspector /> : <DocumentInspector />}
      </div>
    </section>
  );
}
