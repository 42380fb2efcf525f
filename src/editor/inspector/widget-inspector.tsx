import { memo, type UIEvent, useDeferredValue, useLayoutEffect, useMemo, useRef } from "react";
import { fieldOf } from "../../platform/json";
import { formatPath, type PathSegment, type Problem } from "../../platform/problems";
import { widgetKindOf } from "../../platform/widgets";
import { modelOf } from "../../widgets/registry";
import { useEditorStore, useEditorStoreApi } from "../store/editor-store-context";
import { fieldId, rowButtonId, selectSelectedWidget, widgetProblems } from "../store/selectors";
import { announce } from "../ui/announcer";
import { FieldProblems } from "../ui/field-shell";
import { renderNow } from "../ui/render-now";
import { FieldEditor } from "./field-editor";
import { type FormApi, FormProvider } from "./form-context";
import { byPath, NONE, SEMANTIC_KEYS } from "./inspector-shared";
import { KeyFixes } from "./key-fixes";
import { MapEditor } from "./map-editor";

type Selected = ReturnType<typeof selectSelectedWidget>;

/**
 * The selected widget's form. When another widget is selected (a click, a delete, a duplicate), the
 * list and the preview show it in the next frame and its form follows one render later
 * (`useDeferredValue`): a form is up to a hundred new elements to style and lay out, which the
 * click would otherwise wait for (BENCHMARKS.md, issue 14, fifth session). So does a form whose
 * widget only moved (a move, a drop, an insert above it): every field's id and path holds the
 * widget's place, so each one renders again (~2 ms of a drop at 2,000 widgets, eighteenth
 * session). Edits of the shown widget are never deferred (a typed character would lag behind the caret).
 */
export function WidgetInspector() {
  const live = useEditorStore(selectSelectedWidget);
  // The last selection drawn while a new one is pending; the shown widget's own edits are live.
  const drawn = useDeferredValue(live);
  const sel = live === undefined || (drawn !== undefined && isOwnEdit(live, drawn)) ? live : drawn;
  // Until it follows, the form is another widget's than the one selected: it takes no input, or a
  // Title typed right after adding a widget went into the one selected before (seen in a loaded CI run).
  const behind = sel !== undefined && live !== undefined && sel.item.id !== live.item.id;
  // Focus in the form as it turns inert (typing, then Ctrl+Z past the widget's add) is dropped by the
  // browser: the form shown next takes it, at its heading, so the keyboard is not left on the page.
  const wrapper = useRef<HTMLDivElement>(null);
  const lostFocus = useRef(false);
  useLayoutEffect(() => {
    if (behind) {
      if (wrapper.current?.contains(document.activeElement)) lostFocus.current = true;
      return;
    }
    if (!lostFocus.current) return;
    lostFocus.current = false;
    // Only focus that went nowhere: an action that put it somewhere (the list's row) keeps it there.
    const at = document.activeElement;
    if (sel && (at === null || at === document.body))
      document.getElementById(fieldId(["widgets", sel.index]))?.focus();
  }, [behind, sel]);
  return (
    <div ref={wrapper} className="widget-form" inert={behind} aria-busy={behind || undefined}>
      <SelectedWidgetForm sel={sel} />
    </div>
  );
}

/** Whether `live` is `drawn`'s widget at the same place, maybe edited: drawn at once, not deferred. */
function isOwnEdit(live: NonNullable<Selected>, drawn: NonNullable<Selected>): boolean {
  return live.item.id === drawn.item.id && (live.index === drawn.index || live.item !== drawn.item);
}

/** Panels scrolled away from their top, as their last scroll event left them. */
const scrolledPanels = new WeakSet<Element>();

/**
 * The inspector panel's scroll handler: notes whether it is away from its top. Writing `scrollTop`
 * in a selection's commit makes the browser lay out the whole page there and then, and again in
 * the frame after the commit's other changes (~1.7 ms of each selection change at 500 widgets in a
 * profile, BENCHMARKS.md issue 14): a form at its top is left alone.
 */
export function notePanelScroll(e: UIEvent<HTMLElement>): void {
  const el = e.currentTarget;
  if (el.scrollTop > 0) scrolledPanels.add(el);
  else scrolledPanels.delete(el);
}

/** The generated form of `sel`, its semantic paths, and its unknown keys. */
const SelectedWidgetForm = memo(function SelectedWidgetForm({ sel }: { sel: Selected }) {
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
      rename: (path, to) => {
        if (id) api.getState().renameKey(id, path, to);
      },
      endTyping: () => api.getState().endTyping(),
      postToken,
    }),
    [id, index, map, api, postToken],
  );
  // Another widget's form starts at its top (heading, first field): the panel kept the last form's
  // scroll, and opened the next one part-way down. Before the frame in which a Problems jump
  // scrolls to its field (use-focus-requests.ts), so that jump still lands. Only a panel known to
  // be scrolled is written (see `notePanelScroll`).
  const shownId = useRef(id);
  useLayoutEffect(() => {
    if (shownId.current === id) return;
    shownId.current = id;
    const panel = document.getElementById("inspector-panel");
    if (panel && scrolledPanels.has(panel)) panel.scrollTop = 0;
  }, [id]);
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
      {/* As the list and the Problems tab name it. */}
      {kind ? modelOf(kind).label : "Unknown widget"} <span className="muted">widget {index + 1}</span>
    </h2>
  );
  if (!kind) {
    // semantic_paths sits beside the kind in every widget: it is not one of the keys in question.
    const keys = Object.keys(widget).filter((k) => k !== "semantic_paths");
    return (
      <FormProvider value={form}>
        {head}
        <p>
          A widget holds exactly one widget key; this one has {keys.length ? keys.join(" and ") : "none"}.
          {problems.some((p) => p.rename)
            ? " Rename a misspelt key to the kind it means (its content is kept), or remove the extra keys."
            : keys.length === 1
              ? " That key is not a kind of widget the platform has: delete this widget and add the one you meant from the palette."
              : " Remove the extra keys (or delete the widget and add it again from the palette)."}
        </p>
        <FieldProblems id={fieldId(["widgets", index])} problems={problems} />
        <div className="button-row">
          {keys.length === 1 && !problems.some((p) => p.rename) ? (
            // Removing the only key would leave a widget of no kind, still an error: the widget goes.
            <button
              type="button"
              className="button key-fix"
              // Not the list's deleteAndAnnounce: any import of canvas/ from this lazy chunk splits the
              // first load into 11 files (decisions.md, "Twenty-fourth session"; tried again: a static
              // or a dynamic import of canvas/list-ids does it too).
              onClick={() => {
                renderNow(() => api.getState().deleteWidget(sel.item.id));
                announce(`Deleted the unknown widget ${index + 1}. Undo with Ctrl+Z.`);
                // The form goes with the widget: the row selected in its place takes the keyboard, as
                // after the list's delete; the list itself when that row is not rendered (or none is left).
                const next = api.getState().selectedId;
                const row = next ? document.getElementById(rowButtonId(next)) : null;
                (row ?? document.getElementById(fieldId(["widgets"])))?.focus();
              }}
            >
              Delete this widget
            </button>
          ) : (
            keys.map((k) => (
              <KeyFixes
                key={k}
                path={[k]}
                name={k}
                problems={map.get(formatPath(["widgets", index, k])) ?? NONE}
              />
            ))
          )}
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
          {/* No control shows where these are: each says its path within the widget. */}
          <FieldProblems id={fieldId(["widgets", index, kind])} problems={others.map(withPlace)} />
          {/* Fields the form has no control for can still be renamed or removed, so every error can be fixed here. */}
          {others
            .filter((p) => p.code === "unknown_field" || p.code === "v1_field")
            .map((p) => (
              <KeyFixes key={p.at} path={p.path.slice(2)} name={formatPath(p.path.slice(3))} problems={[p]} />
            ))}
        </div>
      ) : null}
      <div className="form" id={fieldId(["widgets", index, kind])} tabIndex={-1}>
        {model.fields.map((f) => (
          <FieldEditor key={f.key} field={f} parent={[kind]} owner={value} />
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
});

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

/** A problem at a field without a control, its message led by the field's path in the widget. */
function withPlace(p: Problem): Problem {
  const inWidget = p.path.slice(3);
  return inWidget.length === 0 ? p : { ...p, message: `${formatPath(inWidget)}: ${p.message}` };
}
