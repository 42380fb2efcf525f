import type {
  CollisionDetection,
  DragEndEvent,
  DragMoveEvent,
  DragOverEvent,
  DragStartEvent,
} from "@dnd-kit/core";
import { type ReactNode, useMemo, useRef, useState } from "react";
import { isWidgetKind, metaOf } from "../../widgets/catalog";
import { PALETTE_PREFIX, PaletteDragPreview } from "../palette/palette";
import { makeAnnouncements } from "../shell/drag-announcements";
import { FULL_MESSAGE, indexOfWidget } from "../store/document";
import { useEditorStore, useEditorStoreApi } from "../store/editor-store-context";
import { announce } from "../ui/announcer";
import { DragArea, type DragKit } from "../ui/lazy-drag";
import { dropIndex, holdFocusForMove } from "./list-ids";
import { followPointer, overWidgetList, paletteDropIndex, pointerNow } from "./palette-drop";
import { WidgetDragPreview } from "./widget-drag-preview";

/**
 * Drag and drop between the palette and the widget list. Its code (dnd-kit) arrives right after the
 * first paint; until then both panels work by click, keys and the move buttons (decisions.md, issue 14).
 */
export function WorkspaceDnd(props: { children: ReactNode }) {
  return (
    <DragArea withKit={(kit, children) => <WorkspaceDndContext kit={kit}>{children}</WorkspaceDndContext>}>
      {props.children}
    </DragArea>
  );
}

/** A pointer drag starts after 5 px, so a click on a row stays a click. */
const POINTER_OPTIONS = { activationConstraint: { distance: 5 } };

function WorkspaceDndContext(props: { kit: DragKit; children: ReactNode }) {
  const { kit } = props;
  const api = useEditorStoreApi();
  const [active, setActive] = useState<{ kind: string; label: string } | null>(null);
  // A list row being dragged: the store's drag move, which the preview follows too.
  const activeRow = useEditorStore((s) => s.dragMove?.id ?? null);
  const keyboard = useMemo(
    // Instant scrolling: a smooth scroll still running at the next arrow press loses that step.
    () => ({ coordinateGetter: kit.sortableKeyboardCoordinates, scrollBehavior: "auto" as const }),
    [kit],
  );
  const sensors = kit.useSensors(
    kit.useSensor(kit.ListPointerSensor, POINTER_OPTIONS),
    kit.useSensor(kit.KeyboardSensor, keyboard),
  );
  const announcements = useMemo(() => makeAnnouncements(api), [api]);
  const dropTarget = useMemo(() => dropTargetOf(kit), [kit]);
  // A palette drag follows the pointer itself (palette-drop.ts); this stops following it.
  const unfollow = useRef<(() => void) | null>(null);
  const endPaletteDrag = () => {
    unfollow.current?.();
    unfollow.current = null;
    api.getState().setPaletteDrop(null);
  };

  function onDragStart(e: DragStartEvent) {
    const id = String(e.active.id);
    if (id.startsWith(PALETTE_PREFIX)) {
      const kind = id.slice(PALETTE_PREFIX.length);
      setActive(isWidgetKind(kind) ? { kind, label: metaOf(kind).label } : null);
      const press = e.activatorEvent;
      unfollow.current?.();
      unfollow.current = followPointer(
        press instanceof MouseEvent ? { x: press.clientX, y: press.clientY } : null,
      );
      return;
    }
    // The store follows a row's drag, so the preview can show the order the drop would give.
    const from = indexOfWidget(api.getState().doc, id);
    if (from >= 0) api.getState().setDragMove({ id, from, to: from });
  }

  /** Where the palette item being dragged would be added now (null: not over the list). */
  function paletteDropNow(): number | null {
    const p = pointerNow();
    return p ? paletteDropIndex(p, api.getState().doc.widgets.length) : null;
  }

  // A palette item's place follows the pointer within a row too (its upper or lower half).
  function onDragMove(e: DragMoveEvent) {
    const id = String(e.active.id);
    if (!id.startsWith(PALETTE_PREFIX)) return;
    const kind = id.slice(PALETTE_PREFIX.length);
    const at = paletteDropNow();
    api.getState().setPaletteDrop(at === null || !isWidgetKind(kind) ? null : { kind, at });
  }

  function onDragOver(e: DragOverEvent) {
    const s = api.getState();
    const move = s.dragMove;
    if (!move || move.id !== String(e.active.id)) return;
    const to = e.over ? dropIndex(s.doc, String(e.over.id), "move") : move.from;
    if (to >= 0) s.setDragMove({ ...move, to });
  }

  function onDragEnd(e: DragEndEvent) {
    setActive(null);
    const s = api.getState();
    s.setDragMove(null);
    const id = String(e.active.id);
    if (id.startsWith(PALETTE_PREFIX)) {
      // Where the pointer is let go: dropped anywhere but over the list, nothing is added.
      const at = paletteDropNow();
      endPaletteDrag();
      const kind = id.slice(PALETTE_PREFIX.length);
      if (at !== null && isWidgetKind(kind) && s.addWidget(kind, at) === null) announce(FULL_MESSAGE);
      return;
    }
    const over = e.over ? String(e.over.id) : null;
    if (!over) return;
    const from = indexOfWidget(s.doc, id);
    const to = dropIndex(s.doc, over, "move");
    if (from >= 0 && to >= 0 && from !== to) {
      // Rendered with dnd-kit's own end of the drag, after this handler: focus comes back in that
      // commit, before any key pressed meanwhile is handled.
      holdFocusForMove();
      s.moveWidget(from, to);
    }
  }

  return (
    <kit.DndContext
      sensors={sensors}
      collisionDetection={dropTarget}
      onDragStart={onDragStart}
      onDragMove={onDragMove}
      onDragOver={onDragOver}
      onDragEnd={onDragEnd}
      onDragCancel={() => {
        setActive(null);
        endPaletteDrag();
        api.getState().setDragMove(null);
      }}
      accessibility={{
        announcements,
        // In the body, not beside the panels: the panels are the cells of a grid.
        container: document.body,
        screenReaderInstructions: {
          draggable:
            "To reorder, press Space or Enter to pick the widget up, use the up and down arrow keys to move it, then press Space or Enter to drop it, or Escape to cancel.",
        },
      }}
    >
      {props.children}
      {/* Drawn (fixed) only while a drag is on, so it takes no cell of the panels' grid. */}
      <kit.DragOverlay dropAnimation={null}>
        {active && isWidgetKind(active.kind) ? (
          <PaletteDragPreview kind={active.kind} label={active.label} />
        ) : activeRow ? (
          <WidgetDragPreview id={activeRow} />
        ) : null}
      </kit.DragOverlay>
    </kit.DndContext>
  );
}

/**
 * A palette item is over the list only while the pointer is (its place there is the pointer's, see
 * `paletteDropIndex`): elsewhere it is over nothing, and dropping it adds nothing. Its drag preview
 * is smaller than the palette item, so the preview's centre (what closestCenter measures) can sit a
 * whole row above the pointer: the row nearest the pointer is the one it is over.
 */
function dropTargetOf(kit: DragKit): CollisionDetection {
  return (args) => {
    if (String(args.active.id).startsWith(PALETTE_PREFIX)) {
      const p = pointerNow() ?? args.pointerCoordinates;
      if (!p || !overWidgetList(p)) return [];
      const point = { top: p.y, bottom: p.y, left: p.x, right: p.x, width: 0, height: 0 };
      return kit.closestCenter({ ...args, collisionRect: point });
    }
    return kit.closestCenter(args);
  };
}
