import type { Active, Announcements, Over } from "@dnd-kit/core";
import { isWidgetKind, metaOf } from "../../widgets/catalog";
import { dropIndex, labelOf } from "../canvas/list-ids";
import { PALETTE_PREFIX } from "../palette/palette";
import { indexOfWidget } from "../store/document";
import type { EditorStore } from "../store/editor-store";

/** Screen-reader announcements that name the widget and its position. */
export function makeAnnouncements(api: EditorStore): Announcements {
  const describeActive = (active: Active) => {
    const id = String(active.id);
    if (id.startsWith(PALETTE_PREFIX)) {
      const kind = id.slice(PALETTE_PREFIX.length);
      return { label: isWidgetKind(kind) ? metaOf(kind).label : "widget", fromPalette: true, index: -1 };
    }
    const doc = api.getState().doc;
    const index = indexOfWidget(doc, id);
    return { label: labelOf(doc.widgets[index]?.widget), fromPalette: false, index };
  };
  // A palette item's place is the pointer's (canvas/palette-drop.ts), which the store holds.
  const positionOf = (over: Over | null, fromPalette: boolean) =>
    fromPalette
      ? (api.getState().paletteDrop?.at ?? -1)
      : over
        ? dropIndex(api.getState().doc, String(over.id), "insert")
        : -1;
  const total = () => api.getState().doc.widgets.length;
  // The drop handler changes the document before onDragEnd is announced, so the place is taken from
  // the last onDragOver (or a palette item's last onDragMove), while the document was as the user saw it.
  let lastAt = -1;
  // At pick-up the item is over itself; announcing that would replace "Picked up" before it is read.
  let justPicked: string | null = null;
  // dnd-kit reports a move from an effect of the render that drew it, which can run after the drop
  // (a pointer move and its release in one frame): the palette's place is cleared by then, and "not
  // over the list" replaced "Added … at position …" as the last thing said (a browser test saw it).
  let dragging = false;
  return {
    onDragStart({ active }) {
      dragging = true;
      const a = describeActive(active);
      lastAt = a.index;
      justPicked = String(active.id);
      return a.fromPalette
        ? `Picked up ${a.label} from the palette.`
        : `Picked up ${a.label}, widget ${a.index + 1} of ${total()}.`;
    },
    // Within one row a palette item's place still changes (the row's upper or lower half).
    onDragMove({ active }) {
      if (!dragging) return undefined;
      const a = describeActive(active);
      if (!a.fromPalette) return undefined;
      const at = positionOf(null, true);
      if (at === lastAt) return undefined;
      lastAt = at;
      return at < 0 ? `${a.label} is not over the list.` : `${a.label} will be added at position ${at + 1}.`;
    },
    onDragOver({ active, over }) {
      if (!dragging) return undefined;
      const a = describeActive(active);
      const at = positionOf(over, a.fromPalette);
      if (a.fromPalette && at === lastAt) return undefined;
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
      dragging = false;
      const a = describeActive(active);
      const at = over ? lastAt : -1;
      if (at < 0) return `${a.label} was dropped outside the list; nothing changed.`;
      return a.fromPalette
        ? `Added ${a.label} at position ${at + 1}.`
        : `Dropped ${a.label} at position ${Math.min(at, total() - 1) + 1} of ${total()}.`;
    },
    onDragCancel({ active }) {
      dragging = false;
      const a = describeActive(active);
      return a.fromPalette
        ? `Cancelled: ${a.label} was not added.`
        : `Cancelled: ${a.label} stays at position ${a.index + 1} of ${total()}.`;
    },
  };
}
