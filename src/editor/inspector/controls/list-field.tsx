import { Fragment } from "react";
import { COLORS } from "../../../platform/colors";
import type { FieldDescriptor } from "../../../platform/fields";
import { fieldId } from "../../store/selectors";
import { announce } from "../../ui/announcer";
import { FieldProblems } from "../../ui/field-shell";
import { renderNow } from "../../ui/render-now";
import type { ControlProps } from "./control";

/** A starting value for a new list item: required texts empty (so the form asks for them). */
function newItem(fields: readonly FieldDescriptor[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of fields) {
    if (!f.required) continue;
    if (f.ui.ui === "text") out[f.key] = "";
    else if (f.ui.ui === "image") out[f.key] = "logo";
    else if (f.ui.ui === "percentage") out[f.key] = 0;
    else if (f.ui.ui === "color") out[f.key] = COLORS[0];
    else if (f.ui.ui === "boolean") out[f.key] = false;
    else if (f.ui.ui === "group") out[f.key] = newItem(f.fields ?? []);
  }
  return out;
}

/** A list of items (each a set of fields), with move, remove and add kept within its limits. */
export function ListField(props: ControlProps<"list">) {
  const { form, ui } = props;
  const items = Array.isArray(props.value) ? props.value : [];
  const abs = [...form.prefix, ...props.path];
  const id = fieldId(abs);
  const problems = form.problemsAt(abs);
  const atMax = ui.max !== undefined && items.length >= ui.max;
  const atMin = ui.min !== undefined && items.length <= ui.min;
  const itemButton = (i: number, what: "up" | "down") => `${id}/${i}:${what}`;
  const move = (from: number, to: number) => {
    const next = [...items];
    const [it] = next.splice(from, 1);
    next.splice(to, 0, it);
    renderNow(() => form.set(props.path, next));
    // Said as the widget list says its moves: focus lands on a button named by the new position only.
    announce(`Moved ${ui.itemLabel} ${from + 1} to position ${to + 1} of ${items.length}.`);
    // Focus follows the moved item, on the same arrow while it can still go that way.
    const same = itemButton(to, to < from ? "up" : "down");
    const other = itemButton(to, to < from ? "down" : "up");
    const atEnd = to === 0 || to === items.length - 1;
    document.getElementById(atEnd ? other : same)?.focus();
  };
  const remove = (i: number) => {
    renderNow(() => form.set([...props.path, i], undefined));
    announce(`Removed ${ui.itemLabel} ${i + 1}; ${items.length - 1} left.`);
    // The button is gone: focus the first control of the item that took its place, or of the
    // one before it, or the Add button when the list is empty.
    const list = document.getElementById(id);
    const rows = list?.querySelectorAll<HTMLElement>(":scope > .list-items > .list-item");
    const row = rows?.[Math.min(i, rows.length - 1)];
    const target =
      row?.querySelector<HTMLElement>("input, select, textarea") ??
      list?.querySelector<HTMLElement>(":scope > .list-add");
    target?.focus();
  };
  const limits =
    ui.min !== undefined && ui.max !== undefined
      ? `${ui.min} to ${ui.max}`
      : ui.min !== undefined
        ? `at least ${ui.min}`
        : ui.max !== undefined
          ? `at most ${ui.max}`
          : "";
  return (
    <fieldset className="group list-editor" id={id} tabIndex={-1}>
      <legend>
        {ui.label}{" "}
        <span className="muted">
          ({items.length}
          {limits ? `, ${limits}` : ""})
        </span>
      </legend>
      <FieldProblems id={id} problems={problems} label={ui.label} />
      <ol className="list-items">
        {items.map((item, i) => {
          const itemLabel = `${ui.itemLabel} ${i + 1}`;
          return (
            // Items carry no ids of their own (they are plain JSON); their inputs are fully controlled.
            // biome-ignore lint/suspicious/noArrayIndexKey: list items have no identity besides position
            <li key={i} className="list-item">
              {/* A group named by its item, so a screen reader says "Item 2" before its "Title" field. */}
              <fieldset className="list-item-group" aria-labelledby={`${id}/${i}:title`}>
                <div className="list-item-head">
                  <span className="list-item-title" id={`${id}/${i}:title`}>
                    {itemLabel}
                  </span>
                  <div className="button-row">
                    <button
                      type="button"
                      className="icon-button"
                      id={itemButton(i, "up")}
                      disabled={i === 0}
                      onClick={() => move(i, i - 1)}
                      aria-label={`Move ${itemLabel} up`}
                    >
                      ↑
                    </button>
                    <button
                      type="button"
                      className="icon-button"
                      id={itemButton(i, "down")}
                      disabled={i === items.length - 1}
                      onClick={() => move(i, i + 1)}
                      aria-label={`Move ${itemLabel} down`}
                    >
                      ↓
                    </button>
                    <button
                      type="button"
                      className="icon-button is-danger"
                      disabled={atMin}
                      onClick={() => remove(i)}
                      aria-label={`Remove ${itemLabel}`}
                      title={atMin ? `${ui.label} needs at least ${ui.min}` : undefined}
                    >
                      ✕
                    </button>
                  </div>
                </div>
                {(props.field.fields ?? []).map((f) => (
                  <Fragment key={f.key}>{props.renderField(f, [...props.path, i], item)}</Fragment>
                ))}
              </fieldset>
            </li>
          );
        })}
      </ol>
      <button
        type="button"
        className="button list-add"
        disabled={atMax}
        onClick={() => {
          renderNow(() => form.set(props.path, [...items, newItem(props.field.fields ?? [])]));
          // The new item's first field takes focus, so it can be filled in straight away; its
          // starting text is selected (an image's "logo"), so what is typed replaces it, as a new
          // key does in the key/value editors (typing after it made "logocar_side").
          const first = document
            .getElementById(id)
            ?.querySelector<HTMLInputElement>(":scope > .list-items > .list-item:last-child input");
          first?.focus();
          first?.select();
        }}
      >
        Add {ui.itemLabel.toLowerCase()}
      </button>
      {atMax ? (
        <p className="field-help">
          {ui.label} takes at most {ui.max}.
        </p>
      ) : null}
    </fieldset>
  );
}
