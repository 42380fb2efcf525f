import { useState } from "react";
import type { PathSegment } from "../../platform/problems";
import { isHashedSemanticKey } from "../../platform/semantic";
import { freshKey, mapEntries, mapRemove, mapSet } from "../store/document";
import { mapRename } from "../store/json-paths";
import { fieldId } from "../store/selectors";
import { describedBy, FieldProblems } from "../ui/field-shell";
import { renderNow } from "../ui/render-now";
import { useForm } from "./form-context";
import { hashInPage } from "./semantic-hash";

/** Options of a key/value editor. */
export interface MapEditorProps {
  label: string;
  /** Path of the map, relative to the edited object. */
  path: readonly PathSegment[];
  value: unknown;
  keyLabel: string;
  valueLabel: string;
  /** Keys offered while typing (a datalist). */
  keySuggestions?: readonly string[];
  /** Values offered for a key (a datalist). */
  valueSuggestions?: (key: string) => readonly string[];
  /** When given, values are chosen from this list (a select) instead of typed. */
  valueChoices?: readonly string[];
  /** Remove the whole map when its last entry goes (optional maps). */
  removeWhenEmpty: boolean;
  /** Offer "Hash" for keys whose values must be SHA-256 hashed (document semantic). */
  offerHash?: boolean;
  help?: string;
}

/** Edits a string map as ordered key/value rows: add, rename (in place), change, remove. */
export function MapEditor(props: MapEditorProps) {
  const form = useForm();
  const entries = mapEntries(props.value);
  const abs = [...form.prefix, ...props.path];
  const id = fieldId(abs);
  const problems = form.problemsAt(abs);
  const keyListId = `${id}:keys`;
  return (
    <fieldset className="group map-editor" id={id} tabIndex={-1}>
      <legend>{props.label}</legend>
      {props.help ? <p className="field-help">{props.help}</p> : null}
      <FieldProblems id={id} problems={problems} label={props.label} />
      {props.keySuggestions ? (
        <datalist id={keyListId}>
          {props.keySuggestions.map((k) => (
            <option key={k} value={k} />
          ))}
        </datalist>
      ) : null}
      {entries.length === 0 ? <p className="muted">No entries.</p> : null}
      <ul className="map-rows">
        {entries.map(([key, value], i) => (
          // Keyed by position, not by the key: renaming a key (on Enter, or on blur when Tab moves on)
          // must keep the row's inputs mounted, or keyboard focus falls back to the page.
          // biome-ignore lint/suspicious/noArrayIndexKey: a row's identity is its position while its key is edited
          <MapRow key={i} index={i} entryKey={key} value={value} props={props} keyListId={keyListId} />
        ))}
      </ul>
      <button
        type="button"
        className="button"
        onClick={() => {
          const key = freshKey(props.value, "key");
          renderNow(() => form.set(props.path, mapSet(props.value, key, props.valueChoices?.[0] ?? "")));
          // The new row's key field takes focus so the user can name it straight away.
          const el = document.getElementById(`${fieldId([...abs, key])}:key`);
          if (el instanceof HTMLInputElement) el.select();
        }}
      >
        Add {props.keyLabel.toLowerCase()}
      </button>
    </fieldset>
  );
}

function MapRow(props: {
  index: number;
  entryKey: string;
  value: string;
  props: MapEditorProps;
  keyListId: string;
}) {
  const { entryKey, value } = props;
  const p = props.props;
  const form = useForm();
  const abs = [...form.prefix, ...p.path, entryKey];
  const id = fieldId(abs);
  const problems = form.problemsAt(abs);
  const [draftKey, setDraftKey] = useState(entryKey);
  const [keyError, setKeyError] = useState<string | null>(null);
  // The row is keyed by position, so it can come to show another entry (a rename, a removal above
  // it, undo): the half-typed key and its error belong to the entry that was shown.
  const [shownKey, setShownKey] = useState(entryKey);
  if (shownKey !== entryKey) {
    setShownKey(entryKey);
    setDraftKey(entryKey);
    setKeyError(null);
  }
  const [hashing, setHashing] = useState(false);
  const valueListId = `${id}:values`;
  const suggestions = p.valueSuggestions?.(entryKey) ?? [];

  function commitKey() {
    const to = draftKey.trim();
    if (to === entryKey) {
      setKeyError(null);
      return;
    }
    const next = mapRename(p.value, entryKey, to);
    if (!next) {
      setKeyError(to === "" ? "A key cannot be empty." : `"${to}" is already used: choose another key.`);
      return;
    }
    setKeyError(null);
    form.set(p.path, next);
  }

  const hashed = p.offerHash && isHashedSemanticKey(entryKey);
  const isHash = /^[0-9a-f]{64}$/.test(value);
  return (
    <li className="map-row">
      <div className="map-cell">
        <label className="field-label" htmlFor={`${id}:key`}>
          {p.keyLabel}
        </label>
        <input
          id={`${id}:key`}
          className="input"
          dir="ltr"
          value={draftKey}
          list={p.keySuggestions ? props.keyListId : undefined}
          aria-invalid={keyError ? true : undefined}
          aria-describedby={keyError ? `${id}:key-error` : undefined}
          onChange={(e) => setDraftKey(e.target.value)}
          onBlur={commitKey}
          onKeyDown={(e) => {
            if (e.key === "Enter") commitKey();
            if (e.key === "Escape") {
              setDraftKey(entryKey);
              setKeyError(null);
            }
          }}
        />
      </div>
      <div className="map-cell">
        <label className="field-label" htmlFor={id}>
          {p.valueLabel} <span className="visually-hidden">of {entryKey}</span>
        </label>
        {p.valueChoices ? (
          <select
            id={id}
            className="input"
            value={value}
            aria-describedby={describedBy(id, false, problems)}
            onChange={(e) => form.set([...p.path, entryKey], e.target.value)}
          >
            {p.valueChoices.includes(value) ? null : <option value={value}>{value || "Choose…"}</option>}
            {p.valueChoices.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        ) : (
          <>
            <input
              id={id}
              className="input"
              dir="auto"
              value={value}
              list={suggestions.length ? valueListId : undefined}
              aria-describedby={describedBy(id, false, problems)}
              aria-invalid={problems.some((x) => x.severity === "error") || undefined}
              onChange={(e) => form.set([...p.path, entryKey], e.target.value, true)}
              onBlur={form.endTyping}
            />
            {suggestions.length ? (
              <datalist id={valueListId}>
                {suggestions.map((s) => (
                  <option key={s} value={s} />
                ))}
              </datalist>
            ) : null}
          </>
        )}
      </div>
      <div className="map-actions">
        {hashed ? (
          <button
            type="button"
            className="button"
            // aria-disabled, not disabled: a disabled button drops keyboard focus to the page the
            // moment it is pressed (it turns into "Hashed").
            aria-disabled={hashing || isHash || value.trim() === "" || undefined}
            title={
              isHash ? "Already hashed" : "Normalise (ASCII digits, upper case, trimmed) and SHA-256 hash"
            }
            onClick={async () => {
              if (hashing || isHash || value.trim() === "") return;
              setHashing(true);
              try {
                form.set([...p.path, entryKey], await hashInPage(value));
              } finally {
                setHashing(false);
              }
            }}
          >
            {isHash ? "Hashed" : "Hash"} <span className="visually-hidden">{entryKey}</span>
          </button>
        ) : null}
        <button
          type="button"
          className="icon-button is-danger"
          aria-label={`Remove ${entryKey}`}
          onClick={() => {
            const next = mapRemove(p.value, entryKey);
            renderNow(() => form.set(p.path, next === undefined && !p.removeWhenEmpty ? {} : next));
            focusAfterRemoval(fieldId([...form.prefix, ...p.path]), props.index);
          }}
        >
          ✕
        </button>
      </div>
      {keyError ? (
        <p className="field-problem is-error map-row-error" id={`${id}:key-error`} role="alert">
          {keyError}
        </p>
      ) : null}
      <div className="map-row-problems">
        <FieldProblems id={id} problems={problems} />
      </div>
    </li>
  );
}

/**
 * After a row is removed its button is gone: focus the key of the row that took its place (or the
 * one before it), or the editor's Add button when none is left, so keyboard users keep their place.
 */
function focusAfterRemoval(mapId: string, index: number) {
  const group = document.getElementById(mapId);
  if (!group) return;
  const keys = group.querySelectorAll<HTMLElement>(".map-row input[id$=':key']");
  const target =
    keys[Math.min(index, keys.length - 1)] ?? group.querySelector<HTMLElement>(":scope > .button");
  target?.focus();
}
