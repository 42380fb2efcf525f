import { WidgetList } from "../canvas/widget-list";
import { WorkspaceDnd } from "../canvas/workspace-dnd";
import { LazyInspector } from "../inspector/lazy-inspector";
import { Palette } from "../palette/palette";
import { BottomPanels } from "./bottom-panels";
import { PreviewColumn } from "./preview-column";
import type { Theme } from "./theme";

/** The add-on editor: palette, widget list, inspector and preview, with drag and drop between them. */
export function AddonWorkspace(props: { theme: Theme }) {
  return (
    <div className="columns">
      {/* dnd-kit arrives after the first paint; only these two panels are drawn again then. */}
      <WorkspaceDnd>
        <Palette />
        <WidgetList />
      </WorkspaceDnd>
      <LazyInspector />
      <BottomPanels>
        <PreviewColumn theme={props.theme} />
      </BottomPanels>
    </div>
  );
}
