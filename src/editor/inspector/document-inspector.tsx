import { useCallback, useMemo } from "react";
import { formatPath, type PathSegment } from "../../platform/problems";
import { PREDEFINED_SEMANTIC } from "../../platform/semantic";
import { hiddenFields, KIND_FIELDS, newId } from "../store/document";
import { useEditorStore, useEditorStoreApi } from "../store/editor-store-context";
import { fieldId, selectProblems } from "../store/selectors";
import { FieldProblems, FieldShell } from "../ui/field-shell";
import { TextControl } from "../ui/text-control";
import { CategoriesEditor } from "./categories-editor";
import { CostField } from "./cost-field";
import { type FormApi, FormProvider } from "./form-context";
import { byPath, NONE, SEMANTIC_KEYS } from "./inspector-shared";
import { KeptKeyField } from "./key-fixes";
import { MapEditor } from "./map-editor";

/** The add-on's own fields (not its widgets). */
export function DocumentInspector() {
  const api = useEditorStoreApi();
  const doc = useEditorStore((s) => s.doc);
  const problems = useEditorStore((s) => selectProblems(s).document);
  const postToken = useEditorStore((s) => s.postToken);
  const loads = useEditorStore((s) => s.loads);
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
      rename: (path, to) => api.getState().renameKey(null, path, to),
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
              <button type="button" className="link-button" onClick={() => set(["ticket_uuid"], newId())}>
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
            // Another draft opened: its cost shows, not the text typed into this one's field.
            key={loads}
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
        <KeptKeyField key={k} path={[k]} at={[k]} name={k} value={fields[k]} problems={at(k)} />
      ))}
    </FormProvider>
  );
}
