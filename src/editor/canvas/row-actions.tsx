import { FULL_MESSAGE, hasRoomFor } from "../store/document";
import { useEditorStore, useEditorStoreApi } from "../store/editor-store-context";
import { fieldId } from "../store/selectors";
import { announce } from "../ui/announcer";
import { IconButton } from "../ui/icon-button";
import { renderNow } from "../ui/render-now";
import {
  focusRow,
  holdFocusForMove,
  holdFocusOnList,
  keepFocusOnPress,
  labelOf,
  rowButtonId,
} from "./list-ids";

type StoreApi = ReturnType<typeof useEditorStoreApi>;

/** Deletes a widget, says so, and puts focus on the row that is now selected (or the list). */
export function deleteAndAnnounce(api: StoreApi, id: string, name: string) {
  holdFocusOnList();
  renderNow(() => api.getState().deleteWidget(id));
  const next = api.getState().selectedId;
  announce(`Deleted ${name}. Undo with Ctrl+Z.`);
  if (next) focusRow(next);
  // The last widget is gone: the list itself takes focus, so the keyboard stays in the editor.
  else document.getElementById(fieldId(["widgets"]))?.focus();
}

/** The selected row's move, duplicate and delete buttons. */
export function RowActions(props: { id: string; index: number }) {
  const api = useEditorStoreApi();
  const { id, index } = props;
  // Read here, not passed to every row: an insert or delete would otherwise re-render them all.
  const count = useEditorStore((s) => s.doc.widgets.length);
  const move = (to: number) => {
    // Focus is back on the pressed button once the move has rendered (at once: renderNow).
    holdFocusForMove();
    renderNow(() => api.getState().moveWidget(index, to));
    const doc = api.getState().doc;
    const label = labelOf(doc.widgets[to]?.widget);
    announce(`Moved ${label} to position ${to + 1} of ${doc.widgets.length}.`);
    // At the top or bottom the pressed arrow becomes disabled and would drop focus to the page.
    if (to === 0 || to === doc.widgets.length - 1) {
      const pressed = document.activeElement;
      if (!(pressed instanceof HTMLButtonElement) || pressed.disabled)
        document.getElementById(`${rowButtonId(id)}:${to === 0 ? "down" : "up"}`)?.focus();
    }
  };
  return (
    <fieldset className="row-actions bare" aria-label="Widget actions">
      <IconButton
        icon="up"
        label="Move up"
        id={`${rowButtonId(id)}:up`}
        disabled={index === 0}
        onClick={() => move(index - 1)}
      />
      <IconButton
        icon="down"
        label="Move down"
        id={`${rowButtonId(id)}:down`}
        disabled={index === count - 1}
        onClick={() => move(index + 1)}
      />
      <IconButton
        icon="duplicate"
        label="Duplicate"
        onMouseDown={keepFocusOnPress}
        onClick={() => {
          if (!hasRoomFor(api.getState().doc)) {
            announce(FULL_MESSAGE);
            return;
          }
          // This button leaves with the original's selection.
          holdFocusOnList();
          renderNow(() => api.getState().duplicateWidget(id));
          const doc = api.getState().doc;
          announce(
            `Duplicated ${labelOf(doc.widgets[index]?.widget)}: the copy is widget ${index + 2} of ${doc.widgets.length} and is selected.`,
          );
          focusRow(api.getState().selectedId);
        }}
      />
      <IconButton
        icon="delete"
        label="Delete"
        title="Delete (undo with Ctrl+Z)"
        danger
        onMouseDown={keepFocusOnPress}
        onClick={() => {
          const doc = api.getState().doc;
          deleteAndAnnounce(api, id, `${labelOf(doc.widgets[index]?.widget)}, widget ${index + 1}`);
        }}
      />
    </fieldset>
  );
}
