import {
  type CollisionDetection,
  closestCenter,
  DndContext,
  type DragEndEvent,
  DragOverlay,
  type DragStartEvent,
  KeyboardSensor,
  pointerWithin,
  useSensor,
  useSensors,
} from "@dnd-kit/core";
import { sortableKeyboardCoordinates } from "@dnd-kit/sortable";
import { useMemo, useState } from "react";
import { isWidgetKind, modelOf } from "../../widgets/registry";
import { WidgetDragPreview } from "../canvas/widget-drag-preview";
import { LIST_END_ID, WidgetList } from "../canvas/widget-list";
import { LazyInspector } from "../inspector/lazy-inspector";
import { PALETTE_PREFIX, Palette, PaletteDragPreview } from "../palette/palette";
import { indexOfWidget } from "../store/document";
import { useEditorStoreApi } from "../store/editor-store-context";
import { ListPointerSensor } from "../ui/pointer-sensor";
import { BottomPanels } from "./bottom-panels";
import { makeAnnouncements } from "./drag-announcements";
import { PreviewColumn } from "./preview-column";
import type { Theme } from "./theme";

/** The add-on editor: palette, widget list, inspector and preview, with drag and drop between them. */
export function AddonWorkspace(props: { theme: Theme }) {
  const api = useEditorStoreApi();
  const [active, setActive] = useState<{ kind: string; label: string } | null>(null);
  const [activeRow, setActiveRow] = useState<string | null>(null);
  const sensors = useSensors(
    useSensor(ListPointerSensor, { activationConstraint: { distance: 5 } }),
    // Instant scrolling: a smooth scroll still running at the next arrow press loses that step.
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates, scrollBehavior: "auto" }),
  );
  const announcements = useMemo(() => makeAnnouncements(api), [api]);

  function onDragStart(e: DragStartEvent) {
    const id = String(e.active.id);
    if (id.startsWith(PALETTE_PREFIX)) {
      const kind = id.slice(PALETTE_PREFIX.length);
      setActive(isWidgetKind(kind) ? { kind, label: modelOf(kind).label } : null);
    } else setActiveRow(id);
  }

  function onDragEnd(e: DragEndEvent) {
    setActive(null);
    setActiveRow(null);
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
      onDragCancel={() => {
        setActive(null);
        setActiveRow(null);
      }}
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
        <LazyInspector />
        <div className="stage">
          <PreviewColumn theme={props.theme} />
          <BottomPanels />
        </div>
      </div>
      <DragOverlay dropAnimation={null}>
        {active && isWidgetKind(active.kind) ? (
          <PaletteDragPreview kind={active.kind} label={active.label} />
        ) : activeRow ? (
          <WidgetDragPreview id={activeRow} />
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
