import { lazy, Suspense, useRef, useState } from "react";
import { ACTION_KINDS, ACTION_LABELS, type ActionKind } from "../../platform/actions";
import { type Color, COLORS, COLOR_SWATCHES } from "../../platform/colors";
import type { FieldDescriptor } from "../../platform/fields";
import type { PathSegment, Problem } from "../../platform/problems";
import { fieldId } from "../store/selectors";
import { FieldProblems, FieldShell, describedBy } from "../ui/field-shell";
import { TextControl } from "../ui/text-control";
import { useForm } from "./form-context";
import { MapEditor } from "./map-editor";
import { renderNow } from "../ui/render-now";
import { isRecord } from "../../platform/json";
import { fieldOf } from "../../platform/json";

const IconPicker = lazy(() => import("./icon-picker"));

function hasError(problems: readonly Problem[]): boolean {
  return problems.some((p) => p.severity === "error");
}

/** The generated control for one field of the edited object, chosen by its descriptor's `ui`. */
export function FieldEditor(props: {
  field: FieldDescriptor;
  parent: readonly PathSegment[];
  value: unknown;
}) {
  const { field } = props;
  const form = useForm();
  const path = [...props.parent, field.key];
  const abs = [...form.prefix, ...path];
  const id = fieldId(abs);
  const problems = form.problemsAt(abs);
  const ui = field.ui;
  const help = "help" in ui ? ui.help : undefined;
  const desc = describedBy(id, Boolean(help), problems);
  const value = props.value;
  // Every labelled control below takes these four as they are.
  const shell = { id, label: ui.label, required: field.required, problems };

  switch (ui.ui) {
    case "text": {
      const text = typeof value === "string" ? value : value === undefined ? "" : JSON.stringify(value);
      return (
        <FieldShell {...shell} help={help}>
          <TextControl
            id={id}
            value={text}
            max={ui.max}
            multiline={ui.multiline}
            invalid={hasError(problems)}
            describedBy={desc}
            onChange={(s) => form.set(path, s === "" && !field.required ? undefined : s, true)}
            onBlur={form.endTyping}
          />
        </FieldShell>
      );
    }
    case "boolean":
      return (
        <div className="field field-inline">
          <input
            id={id}
            type="checkbox"
            className="checkbox"
            checked={value === true}
            aria-describedby={desc}
            onChange={(e) => form.set(path, e.target.checked ? true : field.required ? false : undefined)}
          />
          <label htmlFor={id}>{ui.label}</label>
          {help ? (
            <p className="field-help" id={`${id}:help`}>
              {help}
            </p>
          ) : null}
          <FieldProblems id={id} problems={problems} />
        </div>
      );
    case "percentage":
      return (
        <PercentageField
          {...shell}
          value={value}
          describedBy={desc}
          onChange={(n, typing) => form.set(path, n, typing)}
          onBlur={form.endTyping}
        />
      );
    case "color": {
      const options: Array<{ value: Color | undefined; name: string }> = [
        ...(field.required ? [] : [{ value: undefined, name: "None" }]),
        ...COLORS.map((c) => ({ value: c, name: c.toLowerCase().replace("_", " ") })),
      ];
      // The checked radio (or the first) carries the field id, so the problems panel can focus it.
      const checked = Math.max(
        0,
        options.findIndex((o) => o.value === value),
      );
      return (
        <FieldShell {...shell} asLegend>
          <div className="swatches" role="radiogroup" aria-labelledby={`${id}:label`} aria-describedby={desc}>
            {options.map((o, i) => (
              <label key={o.name} className="swatch" title={o.value ?? "No colour"}>
                <input
                  type="radio"
                  name={id}
                  id={i === checked ? id : undefined}
                  checked={o.value === value}
                  onChange={() => form.set(path, o.value)}
                />
                <span
                  className={`swatch-chip ${o.value ? "" : "is-none"}`}
                  aria-hidden="true"
                  style={
                    o.value
                      ? {
                          background: `linear-gradient(135deg, ${COLOR_SWATCHES[o.value].light} 50%, ${COLOR_SWATCHES[o.value].dark} 50%)`,
                        }
                      : undefined
                  }
                />
                <span className="swatch-name">{o.name}</span>
              </label>
            ))}
          </div>
        </FieldShell>
      );
    }
    case "icon":
      return (
        <IconField
          {...shell}
          value={typeof value === "string" ? value : ""}
          describedBy={desc}
          onChange={(s, typing) => form.set(path, s === "" && !field.required ? undefined : s, typing)}
          onBlur={form.endTyping}
        />
      );
    case "image":
      return (
        <FieldShell
          {...shell}
          help={help}
          extra={
            value === "logo" ? null : (
              <button type="button" className="link-button" onClick={() => form.set(path, "logo")}>
                Use logo
              </button>
            )
          }
        >
          <TextControl
            id={id}
            value={typeof value === "string" ? value : ""}
            dir="ltr"
            list="image-id-suggestions"
            invalid={hasError(problems)}
            describedBy={desc}
            placeholder="logo, or an uploaded image's id"
            onChange={(s) => form.set(path, s === "" && !field.required ? undefined : s, true)}
            onBlur={form.endTyping}
          />
        </FieldShell>
      );
    case "action":
      return <ActionEditor {...shell} path={path} value={value} />;
    case "list":
      return <ListEditor field={field} path={path} value={value} />;
    case "group":
      return (
        <fieldset className="group" id={id} tabIndex={-1}>
          <legend>{ui.label}</legend>
          <FieldProblems id={id} problems={problems} />
          {(field.fields ?? []).map((f) => (
            <FieldEditor
              key={f.key}
              field={f}
              parent={path}
              value={isRecord(value) ? value[f.key] : undefined}
            />
          ))}
        </fieldset>
      );
  }
}

/** What the percentage and icon controls share: the labelled field and its typed value's callbacks. */
type ControlProps<V, T> = {
  id: string;
  label: string;
  required: boolean;
  value: V;
  problems: readonly Problem[];
  describedBy: string | undefined;
  onChange: (value: T, typing: boolean) => void;
  onBlur: () => void;
};

function PercentageField(props: ControlProps<unknown, number | undefined>) {
  const n = typeof props.value === "number" ? props.value : undefined;
  return (
    <FieldShell
      id={props.id}
      label={props.label}
      required={props.required}
      problems={props.problems}
      extra={
        !props.required && n !== undefined ? (
          <button type="button" className="link-button" onClick={() => props.onChange(undefined, false)}>
            Clear <span className="visually-hidden">{props.label}</span>
          </button>
        ) : null
      }
    >
      <div className="percentage">
        <input
          id={props.id}
          className="input input-number"
          type="number"
          min={0}
          max={100}
          step={1}
          value={n ?? ""}
          aria-invalid={hasError(props.problems) || undefined}
          aria-describedby={props.describedBy}
          onChange={(e) => {
            const raw = e.target.value;
            props.onChange(raw === "" ? undefined : Number(raw), true);
          }}
          onBlur={props.onBlur}
        />
        <span aria-hidden="true">%</span>
        <input
          type="range"
          className="range"
          min={0}
          max={100}
          step={1}
          value={n ?? 0}
          aria-label={`${props.label} slider`}
          onChange={(e) => props.onChange(Number(e.target.value), true)}
          onPointerUp={props.onBlur}
          onBlur={props.onBlur}
        />
      </div>
    </FieldShell>
  );
}

function IconField(props: ControlProps<string, string>) {
  const [open, setOpen] = useState(false);
  // Closing the picker (by choosing or not) hands focus back to the name box it belongs to.
  const closePicker = () => {
    setOpen(false);
    document.getElementById(props.id)?.focus();
  };
  return (
    <FieldShell
      id={props.id}
      label={props.label}
      required={props.required}
      problems={props.problems}
      extra={
        <button
          type="button"
          className="link-button"
          aria-expanded={open}
          aria-controls={`${props.id}:picker`}
          onClick={() => setOpen((o) => !o)}
        >
          {open ? "Close icons" : "Browse icons"}
        </button>
      }
    >
      <TextControl
        id={props.id}
        value={props.value}
        dir="ltr"
        invalid={hasError(props.problems)}
        describedBy={props.describedBy}
        placeholder="An icon name, e.g. INFO"
        onChange={(s) => props.onChange(s.toUpperCase(), true)}
        onBlur={props.onBlur}
      />
      {open ? (
        <div id={`${props.id}:picker`}>
          <Suspense fallback={<p className="muted">Loading icons…</p>}>
            <IconPicker
              label={props.label}
              value={props.value}
              onClose={closePicker}
              onPick={(name) => {
                props.onChange(name, false);
                closePicker();
              }}
            />
          </Suspense>
        </div>
      ) : null}
    </FieldShell>
  );
}

function ActionEditor(props: {
  id: string;
  label: string;
  required: boolean;
  path: readonly PathSegment[];
  value: unknown;
  problems: readonly Problem[];
}) {
  const form = useForm();
  const action = isRecord(props.value) ? props.value : undefined;
  const kind = action ? ACTION_KINDS.find((k) => action[k] !== undefined) : undefined;
  const path = props.path;
  // What each kind held before the user switched away from it, per action field, so trying
  // another kind and coming back restores the URL, data or post token typed earlier.
  const remembered = useRef(new Map<string, unknown>());

  function choose(next: ActionKind | "") {
    const memory = remembered.current;
    if (kind && action) memory.set(`${props.id}|${kind}`, action[kind]);
    if (next === "") {
      form.set(path, undefined);
      return;
    }
    const current = kind && action ? action[kind] : undefined;
    const payload =
      memory.get(`${props.id}|${next}`) ??
      // The two data kinds share their payload shape, as do the two post-page kinds: carry it over.
      (isRecord(current) && sameShape(kind, next) ? current : undefined) ??
      (next === "open_direct_link"
        ? "https://"
        : next === "open_server_link" || next === "get_dynamic_action"
          ? { data: {} }
          : { post_token: form.postToken ?? "" });
    form.set(path, { [next]: payload });
  }

  const subPath = kind ? [...path, kind] : path;
  const abs = (p: readonly PathSegment[]) => [...form.prefix, ...p];
  return (
    <fieldset className="group action-editor">
      <legend>{props.label}</legend>
      <div className="field">
        <label className="field-label" htmlFor={props.id}>
          Kind
        </label>
        <select
          id={props.id}
          className="input"
          value={kind ?? ""}
          aria-describedby={describedBy(props.id, false, props.problems)}
          onChange={(e) => choose(ACTION_KINDS.find((k) => k === e.target.value) ?? "")}
        >
          {props.required ? null : <option value="">No action</option>}
          {props.required && !kind ? <option value="">Choose an action…</option> : null}
          {ACTION_KINDS.map((k) => (
            <option key={k} value={k}>
              {ACTION_LABELS[k]} ({k})
            </option>
          ))}
        </select>
        <FieldProblems id={props.id} problems={props.problems} />
      </div>
      {kind === "open_direct_link" ? (
        <FieldShell
          id={fieldId(abs(subPath))}
          label="Address (URL)"
          required
          problems={form.problemsAt(abs(subPath))}
        >
          <TextControl
            id={fieldId(abs(subPath))}
            value={typeof action?.[kind] === "string" ? String(action[kind]) : ""}
            dir="ltr"
            placeholder="https://example.com/page"
            invalid={hasError(form.problemsAt(abs(subPath)))}
            onChange={(s) => form.set(subPath, s, true)}
            onBlur={form.endTyping}
          />
        </FieldShell>
      ) : null}
      {kind === "open_server_link" || kind === "get_dynamic_action" ? (
        <MapEditor
          label="Data sent to the app"
          path={[...subPath, "data"]}
          value={fieldOf(action?.[kind], "data")}
          keyLabel="Key"
          valueLabel="Value"
          removeWhenEmpty={false}
        />
      ) : null}
      {kind === "open_post_page" || kind === "open_post_manage_page" ? (
        <PostTokenField path={[...subPath, "post_token"]} value={action?.[kind]} />
      ) : null}
    </fieldset>
  );
}

const DATA_KINDS: readonly string[] = ["open_server_link", "get_dynamic_action"];
const POST_KINDS: readonly string[] = ["open_post_page", "open_post_manage_page"];

/** True when actions of kinds `a` and `b` carry the same payload fields. */
function sameShape(a: ActionKind | undefined, b: ActionKind): boolean {
  if (!a) return false;
  return (
    (DATA_KINDS.includes(a) && DATA_KINDS.includes(b)) || (POST_KINDS.includes(a) && POST_KINDS.includes(b))
  );
}

function PostTokenField(props: { path: readonly PathSegment[]; value: unknown }) {
  const form = useForm();
  const abs = [...form.prefix, ...props.path];
  const id = fieldId(abs);
  const token =
    isRecord(props.value) && typeof props.value.post_token === "string" ? props.value.post_token : "";
  const problems = form.problemsAt(abs);
  return (
    <FieldShell
      id={id}
      label="Post token"
      required
      problems={problems}
      extra={
        form.postToken && form.postToken !== token ? (
          <button type="button" className="link-button" onClick={() => form.set(props.path, form.postToken)}>
            Use {form.postToken}
          </button>
        ) : null
      }
    >
      <TextControl
        id={id}
        value={token}
        dir="ltr"
        placeholder="e.g. gZx7yK3a"
        invalid={hasError(problems)}
        describedBy={describedBy(id, false, problems)}
        onChange={(s) => form.set(props.path, s, true)}
        onBlur={form.endTyping}
      />
    </FieldShell>
  );
}

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

function ListEditor(props: { field: FieldDescriptor; path: readonly PathSegment[]; value: unknown }) {
  const form = useForm();
  const ui = props.field.ui;
  if (ui.ui !== "list") return null;
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
    // Focus follows the moved item, on the same arrow while it can still go that way.
    const same = itemButton(to, to < from ? "up" : "down");
    const other = itemButton(to, to < from ? "down" : "up");
    const atEnd = to === 0 || to === items.length - 1;
    document.getElementById(atEnd ? other : same)?.focus();
  };
  const remove = (i: number) => {
    renderNow(() => form.set([...props.path, i], undefined));
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
      <FieldProblems id={id} problems={problems} />
      <ol className="list-items">
        {items.map((item, i) => {
          const itemLabel = `${ui.itemLabel} ${i + 1}`;
          return (
            // Items carry no ids of their own (they are plain JSON); their inputs are fully controlled.
            // biome-ignore lint/suspicious/noArrayIndexKey: list items have no identity besides position
            <li key={i} className="list-item">
              <div className="list-item-head">
                <span className="list-item-title">{itemLabel}</span>
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
                <FieldEditor
                  key={f.key}
                  field={f}
                  parent={[...props.path, i]}
                  value={isRecord(item) ? item[f.key] : undefined}
                />
              ))}
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
          // The new item's first field takes focus, so it can be filled in straight away.
          document
            .getElementById(id)
            ?.querySelector<HTMLElement>(":scope > .list-items > .list-item:last-child input")
            ?.focus();
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
