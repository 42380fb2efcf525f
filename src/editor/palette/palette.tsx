import "./palette.css";
import { memo, useState } from "react";
import { WIDGET_METAS, widgetLabel } from "../../widgets/catalog";
import type { WidgetKind } from "../../widgets/registry";
import { FULL_MESSAGE, hasRoomFor } from "../store/document";
import type { EditorState, EditorStore } from "../store/editor-store";
import { useEditorStore, useEditorStoreApi } from "../store/editor-store-context";
import { selectSelectedWidget } from "../store/selectors";
import { announce } from "../ui/announcer";
import { type DragKit, useDragKit } from "../ui/lazy-drag";
import { WidgetThumbnail } from "./widget-thumbnail";

/** The id prefix of palette draggables (list rows use editor ids). */
export const PALETTE_PREFIX = "palette:";

/** Where a click adds a widget, in words: after the selected widget, or at the end when none is. */
export function selectInsertPlace(s: EditorState): string {
  const sel = selectSelectedWidget(s);
  return sel
    ? `after the selected widget (${widgetLabel(sel.item.widget)}, widget ${sel.index + 1})`
    : "at the end of the list";
}

/** The left column: the ten widgets, a filter box; click or Enter adds after the selection (else at the end). */
export function Palette() {
  const api = useEditorStoreApi();
  const place = useEditorStore(selectInsertPlace);
  const full = useEditorStore((s) => !hasRoomFor(s.doc));
  const [query, setQuery] = useState("");
  const q = query.trim().toLowerCase();
  const shown = WIDGET_METAS.filter(
    (m) =>
      !q ||
      m.label.toLowerCase().includes(q) ||
      m.kind.includes(q.replace(/\s+/g, "_")) ||
      m.description.toLowerCase().includes(q),
  );
  return (
    <section className="panel palette" aria-labelledby="palette-title">
      <div className="panel-head">
        <h2 id="palette-title" className="panel-title">
          Widgets
        </h2>
      </div>
      <div className="panel-body">
        <label className="visually-hidden" htmlFor="palette-filter">
          Filter widgets
        </label>
        <input
          id="palette-filter"
          className="input palette-filter"
          type="search"
          placeholder="Filter widgets"
          data-native-undo=""
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          onKeyDown={(e) => {
            // Enter adds the first match ("but", Enter adds a Button); Escape clears the filter.
            const first = shown[0];
            if (e.key === "Enter" && q && first) {
              e.preventDefault();
              addAndAnnounce(api, first.kind, first.label);
            } else if (e.key === "Escape" && query) {
              e.preventDefault();
              setQuery("");
            }
          }}
          aria-describedby="palette-filter-hint"
        />
        <p className="muted palette-hint" id="palette-filter-hint">
          {/* The place is read out, not shown: a hint whose length changed with the selection moved
              the palette's buttons under the pointer (the selected row is marked in the list). */}
          Click or press Enter to add<span className="visually-hidden"> {place}</span>
          <span aria-hidden="true"> after the selected widget, else at the end</span>; or drag to any place in
          the list.
          {q && shown[0] ? ` Enter here adds ${shown[0].label}.` : ""}
        </p>
        <ul className="palette-list">
          {shown.map((m) => (
            <PaletteItem key={m.kind} kind={m.kind} label={m.label} description={m.description} />
          ))}
        </ul>
        {shown.length === 0 ? <p className="muted">No widget matches “{query}”.</p> : null}
        {/* Under the buttons, so they do not move under the pointer when the add-on fills up; a
            press then also says it through the announcer. */}
        {full ? <p className="palette-hint palette-full">{FULL_MESSAGE}</p> : null}
      </div>
    </section>
  );
}

interface ItemProps {
  kind: WidgetKind;
  label: string;
  description: string;
}

/** A palette item: click or Enter adds; a pointer drags it into the list once the drag code is in. */
const PaletteItem = memo(function PaletteItem(props: ItemProps) {
  const kit = useDragKit();
  return kit ? <DraggableItem {...props} kit={kit} /> : <ItemView {...props} isDragging={false} />;
});

function DraggableItem(props: ItemProps & { kit: DragKit }) {
  const { setNodeRef, listeners, isDragging } = props.kit.useDraggable({
    id: `${PALETTE_PREFIX}${props.kind}`,
    data: { kind: props.kind, label: props.label },
  });
  return (
    <ItemView
      {...props}
      isDragging={isDragging}
      dragRef={setNodeRef}
      onPointerDown={(e) => listeners?.onPointerDown?.(e)}
    />
  );
}

function ItemView(
  props: ItemProps & {
    isDragging: boolean;
    dragRef?: (el: HTMLElement | null) => void;
    onPointerDown?: (e: React.PointerEvent) => void;
  },
) {
  const api = useEditorStoreApi();
  const { isDragging } = props;
  return (
    <li>
      <button
        ref={props.dragRef}
        type="button"
        className={`palette-item ${isDragging ? "is-dragging" : ""}`}
        // The built page's early clicks find the kind here (shell/early-shell.ts).
        data-kind={props.kind}
        aria-label={`Add ${props.label}`}
        aria-describedby={`palette-desc-${props.kind} palette-filter-hint`}
        // Sighted pointer users read the description here when the palette shows icons only.
        title={`${props.label}: ${props.description}`}
        // Only the pointer starts a drag here; Enter and Space add the widget (keyboard reordering happens in the list).
        onPointerDown={props.onPointerDown}
        // Focus stays here (to add more); the new widget is selected in the list and the inspector.
        onClick={() => addAndAnnounce(api, props.kind, props.label)}
      >
        <WidgetThumbnail kind={props.kind} />
        <span className="palette-text">
          <span className="palette-label">{props.label}</span>
          {/* One line per card: the description is the button's accessible description and its
              tooltip, so ten cards fit without wrapping at any width. */}
          <span className="visually-hidden" id={`palette-desc-${props.kind}`}>
            {props.description}
          </span>
        </span>
      </button>
    </li>
  );
}

/** Adds a widget after the selection (at the end when none) and says where it went (the list may be out of sight). */
function addAndAnnounce(api: Pick<EditorStore, "getState">, kind: WidgetKind, label: string) {
  const id = api.getState().addWidget(kind);
  if (id) announceAdded(api, id, label);
  else announce(FULL_MESSAGE);
}

/** Says where the widget `id` went and that it is selected (also for the built page's early clicks). */
export function announceAdded(api: Pick<EditorStore, "getState">, id: string, label: string): void {
  const { widgets } = api.getState().doc;
  const at = widgets.findIndex((w) => w.id === id);
  announce(`Added ${label} as widget ${at + 1} of ${widgets.length}; it is selected.`);
}

/** What a palette item looks like while dragged. */
export function PaletteDragPreview(props: { kind: WidgetKind; label: string }) {
  return (
    <div className="palette-item is-overlay">
      <WidgetThumbnail kind={props.kind} />
      <span className="palette-label">{props.label}</span>
    </div>
  );
}
