import type { Widget } from "../../platform/widgets";
import type { WidgetKind } from "../../widgets/registry";
import { moveWidget, newWidget } from "./document";
import type { EditorState } from "./editor-store";
import { selectSelectedWidget, selectWidgetIds, selectWidgets } from "./selectors";

/** What the preview shows: the widgets in the order a drag in progress would give. */
export interface ShownWidgets {
  widgets: readonly Widget[];
  keys: readonly string[];
  /** The selected widget's position in that order, if any. */
  selectedIndex: number | undefined;
  /** Where the widget a palette drag would add is shown (not part of the document), if any. */
  ghostIndex: number | undefined;
}

/** The preview's key for the widget a palette drag would add. */
export const GHOST_KEY = "palette:drop";

// One starting value per kind: the ghost stays the same object while the pointer moves.
const ghosts = new Map<WidgetKind, Widget>();
function ghostOf(kind: WidgetKind): Widget {
  let w = ghosts.get(kind);
  if (!w) {
    w = newWidget(kind);
    ghosts.set(kind, w);
  }
  return w;
}

type ShownState = Pick<EditorState, "doc" | "selectedId" | "dragMove" | "paletteDrop">;

let shownCache: {
  widgets: readonly Widget[];
  dragMove: EditorState["dragMove"];
  drop: EditorState["paletteDrop"];
  sel: unknown;
  out: ShownWidgets;
} | null = null;

/**
 * The preview's widgets, keys and selection: reordered while a list row is dragged over a new
 * place, and with the new widget where a palette item being dragged would add it.
 */
export function selectShownWidgets(state: ShownState): ShownWidgets {
  const widgets = selectWidgets(state);
  const sel = selectSelectedWidget(state);
  const move = state.dragMove;
  const drop = state.paletteDrop;
  const c = shownCache;
  if (c && c.widgets === widgets && c.dragMove === move && c.drop === drop && c.sel === sel) return c.out;
  const keys = selectWidgetIds(state);
  let out: ShownWidgets = { widgets, keys, selectedIndex: sel?.index, ghostIndex: undefined };
  if (move && move.from !== move.to && keys[move.from] === move.id) {
    const order = moveWidget(state.doc, move.from, move.to).widgets;
    const orderKeys = order.map((w) => w.id);
    out = {
      widgets: order.map((w) => w.widget),
      keys: orderKeys,
      selectedIndex: sel ? orderKeys.indexOf(sel.item.id) : undefined,
      ghostIndex: undefined,
    };
  } else if (drop && drop.at >= 0 && drop.at <= widgets.length) {
    const at = drop.at;
    out = {
      widgets: [...widgets.slice(0, at), ghostOf(drop.kind), ...widgets.slice(at)],
      keys: [...keys.slice(0, at), GHOST_KEY, ...keys.slice(at)],
      selectedIndex: sel ? (sel.index >= at ? sel.index + 1 : sel.index) : undefined,
      ghostIndex: at,
    };
  }
  shownCache = { widgets, dragMove: move, drop, sel, out };
  return out;
}
