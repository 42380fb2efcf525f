import { useCallback, useEffect, useMemo, useState } from "react";
import { type PathSegment, type Problem, formatPath } from "../../platform/problems";
import { HASHED_SEMANTIC_KEYS, PREDEFINED_SEMANTIC } from "../../platform/semantic";
import { widgetKindOf } from "../../platform/widgets";
import { modelOf } from "../../widgets/registry";
import { hiddenFields, KIND_FIELDS } from "../store/document";
import type { InspectorTab } from "../store/editor-store";
import { useEditorStore, useEditorStoreApi } from "../store/editor-store-context";
import { fieldId, selectProblems, selectSelectedWidget, widgetProblems } from "../store/selectors";
import { FieldProblems, FieldShell, describedBy } from "../ui/field-shell";
import { TextControl } from "../ui/text-control";
import { FieldEditor } from "./field-editor";
import { type FormApi, FormProvider } from "./form-context";
import { MapEditor } from "./map-editor";
import { renderNow } from "../ui/render-now";
import { Tabs } from "../ui/tabs";
import { fieldOf } from "../../platform/json";

function byPath(problems: readonly Problem[]): Map<string, Problem[]> {
  const map = new Map<string, Problem[]>();
  for (const p of problems) {
    const list = map.get(p.at);
    if (list) list.push(p);
    else map.set(p.at, [p]);
  }
  return map;
}

const NONE: readonly Problem[] = [];

/** Moves focus to the control for a requested path, trying shorter paths when no control matches. */
function useFocusRequests() {
  const request = useEditorStore((s) => s.focusRequest);
  useEffect(() => {
    if (!request) return;
    // Wait a frame so the newly selected widget's form is in the document.
    const raf = requestAnimationFrame(() => {
      for (let n = request.path.length; n >= 0; n--) {
        const el = document.getElementById(fieldId(request.path.slice(0, n)));
        if (el) {
          el.focus();
          el.scrollIntoView?.({ block: "center" });
          return;
        }
      }
    });
    return () => cancelAnimationFrame(raf);
  }, [request]);
}

const inspectorTabId = (t: InspectorTab) => `inspector-tab-${t}`;

/** The right column: the selected widget's generated form, or the document's own fields. */
export function Inspector() {
  const tab = useEditorStore((s) => s.inspectorTab);
  const setTab = useEditorStore((s) => s.setInspectorTab);
  const docProblemCount = useEditorStore((s) => selectProblems(s).document.length);
  useFocusRequests();
  return (
    <section className="panel inspector" aria-label="Inspector">
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
                {docProblemCount ? <span className="badge">{docProblemCount}</span> : null}
              </>
            ),
          },
        ]}
      />
      <div className="panel-body" id="inspector-panel" role="tabpanel" aria-labelledby={inspectorTabId(tab)}>
        {tab === "widget" ? <WidgetInspector /> : <DocumentInspector />}
      </div>
    </section>
  );
}

function WidgetInspector() {
  const sel = useEditorStore(selectSelectedWidget);
  const api = useEditorStoreApi();
  const postToken = useEditorStore((s) => s.postToken);
  // The add-on's own semantic keys first (a path usually ties one of them to a field), then the predefined ones.
  const docSemantic = useEditorStore((s) => s.doc.fields.semantic);
  const pathKeys = useMemo(() => {
    const own = docSemantic && typeof docSemantic === "object" ? Object.keys(docSemantic) : [];
    return [...new Set([...own, ...SEMANTIC_KEYS])];
  }, [docSemantic]);
  const problems = sel ? widgetProblems(sel.item.widget, sel.index) : NONE;
  const map = useMemo(() => byPath(problems), [problems]);
  const id = sel?.item.id;
  const index = sel?.index ?? 0;
  const form = useMemo<FormApi>(
    () => ({
      prefix: ["widgets", index],
      problemsAt: (path) => map.get(formatPath(path)) ?? NONE,
      set: (path, value, typing) => {
        if (id) api.getState().setWidgetField(id, path, value, typing);
      },
      endTyping: () => api.getState().endTyping(),
      postToken,
    }),
    [id, index, map, api, postToken],
  );
  if (!sel) {
    return (
      <div className="empty-state">
        <p>Select a widget in the list to edit it, or add one from the palette.</p>
      </div>
    );
  }
  const widget = sel.item.widget;
  const kind = widgetKindOf(widget);
  const head = (
    <h2 className="inspector-title" id={fieldId(["widgets", index])} tabIndex={-1}>
      {kind ? modelOf(kind).label : "Widget"} <span className="muted">widget {index + 1}</span>
    </h2>
  );
  if (!kind) {
    const keys = Object.keys(widget);
    return (
      <FormProvider value={form}>
        {head}
        <p>
          A widget holds exactly one widget key; this one has {keys.length ? keys.join(" and ") : "none"}.
          Remove the extra keys (or delete the widget and add it again from the palette).
        </p>
        <FieldProblems id={fieldId(["widgets", index])} problems={problems} />
        <div className="button-row">
          {keys.map((k) => (
            <button key={k} type="button" className="button" onClick={() => form.set([k], undefined)}>
              Remove {k}
            </button>
          ))}
        </div>
      </FormProvider>
    );
  }
  const model = modelOf(kind);
  const value: unknown = widget[kind];
  const rendered = renderedPaths(model.fields, [kind], value);
  const others = problems.filter(
    (p) =>
      !rendered.has(formatPath(p.path.slice(2))) && !(p.path[2] === "semantic_paths" && p.path.length === 4),
  );
  return (
    <FormProvider value={form}>
      {head}
      <p className="muted inspector-description">{model.description}</p>
      {others.length ? (
        <div className="inspector-other-problems">
          <FieldProblems id={fieldId(["widgets", index, kind])} problems={others} />
          {others
            .filter((p) => p.code === "unknown_field" || p.code === "v1_field")
            .map((p) => (
              <button
                key={p.at}
                type="button"
                className="button"
                // Fields the form has no control for can still be removed, so every error can be fixed here.
                onClick={() => form.set(p.path.slice(2), undefined)}
              >
                Remove {p.at}
              </button>
            ))}
        </div>
      ) : null}
      <div className="form" id={fieldId(["widgets", index, kind])} tabIndex={-1}>
        {model.fields.map((f) => (
          <FieldEditor key={f.key} field={f} parent={[kind]} value={fieldOf(value, f.key)} />
        ))}
      </div>
      <MapEditor
        label="Semantic paths"
        help="Tie a semantic key to one of this widget's fields; only this widget's own field paths are offered."
        path={["semantic_paths"]}
        value={widget.semantic_paths}
        keyLabel="Semantic key"
        valueLabel="Field path"
        keySuggestions={pathKeys}
        valueChoices={model.paths}
        removeWhenEmpty
      />
    </FormProvider>
  );
}

/** The paths (relative to the widget, formatted) that the generated form shows a control for. */
function renderedPaths(
  fields: ReturnType<typeof modelOf>["fields"],
  prefix: PathSegment[],
  value: unknown,
  out = new Set<string>(),
): Set<string> {
  for (const f of fields) {
    const path = [...prefix, f.key];
    out.add(formatPath(path));
    const v = fieldOf(value, f.key);
    if (f.ui.ui === "group" && f.fields) renderedPaths(f.fields, path, v, out);
    if (f.ui.ui === "list" && f.fields && Array.isArray(v))
      v.forEach((item, i) => {
        renderedPaths(f.fields ?? [], [...path, i], item, out);
      });
    if (f.ui.ui === "action" && v && typeof v === "object")
      for (const [k, inner] of Object.entries(v)) {
        out.add(formatPath([...path, k]));
        if (inner && typeof inner === "object") {
          out.add(formatPath([...path, k, "post_token"]));
          out.add(formatPath([...path, k, "data"]));
          const data = fieldOf(inner, "data");
          if (data && typeof data === "object")
            for (const dk of Object.keys(data)) out.add(formatPath([...path, k, "data", dk]));
        }
      }
  }
  return out;
}

const SEMANTIC_KEYS = [...Object.keys(PREDEFINED_SEMANTIC), ...HASHED_SEMANTIC_KEYS];

function DocumentInspector() {
  const api = useEditorStoreApi();
  const doc = useEditorStore((s) => s.doc);
  const problems = useEditorStore((s) => selectProblems(s).document);
  const postToken = useEditorStore((s) => s.postToken);
  const map = useMemo(() => byPath(problems), [problems]);
  const set = useCallback(
    (path: readonly PathSegment[], value: unknown, typing?: boolean) =>
      api.getState().setDocumentField(path, value, typing),
    [api],
  );
  const form = useMemo<FormApi>(
    () => ({
      prefix: [],
      problemsAt: (path) => map.get(formatPath(path)) ?? NONE,
      set,
      endTyping: () => api.getState().endTyping(),
      postToken,
    }),
    [map, set, api, postToken],
  );
  const fields = doc.fields;
  const at = (key: string) => map.get(key) ?? NONE;
  const hidden = hiddenFields(doc);
  const known = new Set([...KIND_FIELDS.post, ...KIND_FIELDS.user]);
  const unknown = Object.keys(fields).filter((k) => !known.has(k));
  const rootProblems = map.get("(root)") ?? NONE;
  return (
    <FormProvider value={form}>
      <h2 className="inspector-title" id={fieldId([])} tabIndex={-1}>
        {doc.kind === "post" ? "Post add-on" : "User add-on"} settings
      </h2>
      <FieldProblems id={fieldId([])} problems={rootProblems} />
      <MapEditor
        label="Semantic"
        help="Structured facts for the platform. Predefined keys and values are offered; VIN, chassis and real-estate ids must be hashed."
        path={["semantic"]}
        value={fields.semantic}
        keyLabel="Key"
        valueLabel="Value"
        keySuggestions={SEMANTIC_KEYS}
        valueSuggestions={(k) => PREDEFINED_SEMANTIC[k] ?? []}
        offerHash
        removeWhenEmpty
      />
      {doc.kind === "post" ? (
        <FieldShell id={fieldId(["notes"])} label="Notes" problems={at("notes")} help="Not shown to users.">
          <TextControl
            id={fieldId(["notes"])}
            multiline
            value={typeof fields.notes === "string" ? fields.notes : ""}
            onChange={(s) => set(["notes"], s === "" ? undefined : s, true)}
            onBlur={form.endTyping}
          />
        </FieldShell>
      ) : (
        <>
          <CategoriesEditor value={fields.categories} problems={map} />
          <FieldShell
            id={fieldId(["ticket_uuid"])}
            label="Ticket UUID"
            problems={at("ticket_uuid")}
            extra={
              <button
                type="button"
                className="link-button"
                onClick={() => set(["ticket_uuid"], crypto.randomUUID())}
              >
                Generate <span className="visually-hidden">ticket UUID</span>
              </button>
            }
          >
            <TextControl
              id={fieldId(["ticket_uuid"])}
              dir="ltr"
              value={typeof fields.ticket_uuid === "string" ? fields.ticket_uuid : ""}
              invalid={at("ticket_uuid").length > 0}
              onChange={(s) => set(["ticket_uuid"], s === "" ? undefined : s, true)}
              onBlur={form.endTyping}
            />
          </FieldShell>
          <CostField
            value={fields.cost}
            problems={at("cost")}
            onChange={(n) => set(["cost"], n, true)}
            onBlur={form.endTyping}
          />
        </>
      )}
      {hidden.length ? (
        <p className="note">
          Kept but not exported (they belong to the {doc.kind === "post" ? "user" : "post"} add-on):{" "}
          {hidden.join(", ")}. Switch the kind back to export them.
        </p>
      ) : null}
      {unknown.map((k) => (
        <div key={k} className="field has-error" id={fieldId([k])} tabIndex={-1}>
          <div className="field-label-row">
            <span className="field-label">{k}</span>
            <button type="button" className="button" onClick={() => set([k], undefined)}>
              Remove {k}
            </button>
          </div>
          <code className="code-inline">{JSON.stringify(fields[k])}</code>
          <FieldProblems id={fieldId([k])} problems={at(k)} />
        </div>
      ))}
    </FormProvider>
  );
}

function CategoriesEditor(props: { value: unknown; problems: Map<string, Problem[]> }) {
  const api = useEditorStoreApi();
  const list = Array.isArray(props.value) ? props.value : [];
  const set = (v: unknown, typing?: boolean) => api.getState().setDocumentField(["categories"], v, typing);
  return (
    <fieldset className="group" id={fieldId(["categories"])} tabIndex={-1}>
      <legend>Categories</legend>
      <FieldProblems id={fieldId(["categories"])} problems={props.problems.get("categories") ?? NONE} />
      <ul className="map-rows">
        {list.map((c, i) => {
          const id = fieldId(["categories", i]);
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: category strings have no identity besides position
            <li key={i} className="map-row">
              <div className="map-cell">
                <label className="field-label" htmlFor={id}>
                  Category {i + 1}
                </label>
                <input
                  id={id}
                  className="input"
                  dir="ltr"
                  value={typeof c === "string" ? c : JSON.stringify(c)}
                  onChange={(e) =>
                    set(
                      list.map((x, j) => (j === i ? e.target.value : x)),
                      true,
                    )
                  }
                  onBlur={() => api.getState().endTyping()}
                />
              </div>
              <div className="map-actions">
                <button
                  type="button"
                  className="icon-button is-danger"
                  aria-label={`Remove category ${i + 1}`}
                  onClick={() => {
                    renderNow(() => set(list.filter((_, j) => j !== i)));
                    focusCategoryAfterRemoval(i);
                  }}
                >
                  ✕
                </button>
              </div>
              <div className="map-row-problems">
                <FieldProblems id={id} problems={props.problems.get(formatPath(["categories", i])) ?? NONE} />
              </div>
            </li>
          );
        })}
      </ul>
      <button
        type="button"
        className="button"
        id="categories:add"
        onClick={() => {
          renderNow(() => set([...list, ""]));
          document.getElementById(fieldId(["categories", list.length]))?.focus();
        }}
      >
        Add category
      </button>
    </fieldset>
  );
}

/** After a category is removed: focus the one that took its place, the one before, or Add category. */
function focusCategoryAfterRemoval(i: number) {
  const target =
    document.getElementById(fieldId(["categories", i])) ??
    document.getElementById(fieldId(["categories", i - 1])) ??
    document.getElementById("categories:add");
  target?.focus();
}

// Persian and Arabic-Indic digits, read as the ASCII digits they stand for.
const LOCAL_DIGITS = /[\u06F0-\u06F9\u0660-\u0669]/g;
const localDigit = (d: string) => String((d.codePointAt(0) ?? 0) & 0xf);
// A whole number or a decimal with digits after the point: "1." and "-" are still being typed.
const NUMBER_TEXT = /^[+-]?(\d+(\.\d+)?|\.\d+)$/;

/** The cost text as typed: a number, empty (remove the cost), or not (yet) a number. */
function parseCostText(text: string): { ok: true; value: number | undefined } | { ok: false } {
  const t = text.trim().replace(LOCAL_DIGITS, localDigit);
  if (t === "") return { ok: true, value: undefined };
  return NUMBER_TEXT.test(t) ? { ok: true, value: Number(t) } : { ok: false };
}

/**
 * The cost input. A number input reports "-" or "1." as empty, which would remove the cost while it
 * is being typed; this one keeps the text as typed and writes the document only when the text is a
 * number (or empty, which removes the cost), with an error under the field meanwhile.
 */
function CostField(props: {
  value: unknown;
  problems: readonly Problem[];
  onChange: (value: number | undefined) => void;
  onBlur: () => void;
}) {
  const docText = typeof props.value === "number" ? String(props.value) : "";
  const [text, setText] = useState(docText);
  const [seen, setSeen] = useState(docText);
  if (docText !== seen) {
    // The document changed (undo, import, another tab): show its value unless the text already means it.
    setSeen(docText);
    const parsed = parseCostText(text);
    if (!parsed.ok || parsed.value !== props.value) setText(docText);
  }
  const parsed = parseCostText(text);
  const id = fieldId(["cost"]);
  const problems: readonly Problem[] = parsed.ok
    ? props.problems
    : [
        {
          path: ["cost"],
          at: "cost",
          message: `"${text}" is not a number yet, so the add-on keeps ${
            typeof props.value === "number" ? `its cost of ${props.value}` : "no cost"
          }: type a number such as 1200, or clear the field to remove the cost.`,
          severity: "error",
          code: "cost_not_a_number",
        },
        ...props.problems,
      ];
  return (
    <FieldShell id={id} label="Cost" problems={problems} help="A non-negative number.">
      <input
        id={id}
        className="input input-number"
        type="text"
        inputMode="decimal"
        dir="ltr"
        autoComplete="off"
        value={text}
        aria-invalid={problems.length > 0 || undefined}
        aria-describedby={describedBy(id, true, problems)}
        onChange={(e) => {
          const next = e.target.value;
          setText(next);
          const p = parseCostText(next);
          if (p.ok) {
            // Seen already: the document is about to say what the text says.
            setSeen(p.value === undefined ? "" : String(p.value));
            props.onChange(p.value);
          }
        }}
        onBlur={props.onBlur}
      />
    </FieldShell>
  );
}
