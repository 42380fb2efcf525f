import { isRecord } from "../../platform/json";
import { parseJsonText, tooDeepWords } from "../../platform/json-text";
import { type MigrationChange, migrateBody } from "../../platform/migrate";
import { formatPath } from "../../platform/problems";
import { type DocumentKind, documentFromBody, type EditorDocument } from "../store/document";
import { selectProblems } from "../store/selectors";
// The import counts the document's errors: the contract comes with this chunk (it registers itself).
import "../contract/contract";
import { MAX_IMPORT_WIDGETS } from "./limits";

export { MAX_IMPORT_WIDGETS };

/** Files larger than this are refused before they are read (a body of 2,000 widgets is ~1 MB). */
export const MAX_IMPORT_BYTES = 10 * 1024 * 1024;

/** A body that can be loaded, with what happened on the way. */
export interface ImportSuccess {
  ok: true;
  doc: EditorDocument;
  from: "v1" | "v2";
  report: readonly MigrationChange[];
  errors: number;
  warnings: number;
}

/** Why an input was refused (the current document is left as it was). */
export interface ImportFailure {
  ok: false;
  message: string;
}

export type ImportResult = ImportSuccess | ImportFailure;

/**
 * Parses JSON text, or says where it breaks (line, column, JSON path) and what to do, and that
 * `kept` (what the import would have replaced: "your document", "the message you are composing")
 * was not changed.
 */
export function parseImportText(
  input: string,
  kept = "your document",
): { ok: true; value: unknown } | ImportFailure {
  // A file's .text() drops a byte order mark, a paste does not: the shared parser drops it either way.
  const parsed = parseJsonText(input);
  if (parsed.ok) return { ok: true, value: parsed.json };
  if (parsed.reason === "empty")
    return { ok: false, message: "Nothing to import: paste a JSON body or choose a .json file." };
  if (parsed.reason === "too_deep")
    return {
      ok: false,
      message: `This body is ${tooDeepWords(parsed.path)}: no platform body is nested like that. ${capitalise(kept)} was not changed.`,
    };
  const { error, text } = parsed;
  const where = error.path.length > 0 ? `, in ${formatPath(error.path)}` : "";
  // Control characters (a binary file's bytes) cannot be shown: each stands as "�".
  const context = text
    .slice(Math.max(0, error.offset - 12), error.offset + 12)
    .replace(/\s+/g, " ")
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what is matched
    .replace(/[\u0000-\u001f\u007f]/g, "\uFFFD");
  // Quoted as typed: JSON.stringify showed a backslash before every quote, text the user never wrote.
  const near = error.offset < text.length ? ` near “${context}”` : "";
  return {
    ok: false,
    message: `This is not valid JSON at line ${error.line}, column ${error.column}${where}: ${error.message}${near}. Fix it and import again; ${kept} was not changed.`,
  };
}

/**
 * Turns a parsed JSON value into a document: a v2 add-on body is loaded as it is (even with
 * errors, so they can be fixed in the editor), a v1 body is migrated with a report; anything else
 * is refused with a message. `currentKind` decides post or user when the body does not say.
 */
export function importJson(json: unknown, currentKind: DocumentKind): ImportResult {
  // A list pasted alone is most often the widgets array copied out of a body: say how to wrap it.
  if (Array.isArray(json))
    return {
      ok: false,
      message: `This is a JSON list of ${json.length} ${json.length === 1 ? "item" : "items"}, not an add-on body, which is an object such as {"widgets": […]}. If it is the widget list, wrap it: {"widgets": <the list>}, and import again. Your document was not changed.`,
    };
  const res = migrateBody(json);
  if (!res.ok) return { ok: false, message: `${capitalise(res.message)}. Your document was not changed.` };
  if (res.kind !== "post" && res.kind !== "user") {
    const what =
      res.kind === "chat"
        ? "a chat message body: open the Chat message tab and import it in its Message body card"
        : res.kind === "semantic"
          ? "a user semantic body (no widgets): an add-on needs a widgets array"
          : "an event subscription body, not an add-on";
    return { ok: false, message: `This is ${what}. Your document was not changed.` };
  }
  const body = res.body;
  // A body that does not say which kind it is keeps the kind being edited.
  const kind: DocumentKind =
    res.kind === "post" && currentKind === "user" && !("notes" in body) ? "user" : res.kind;
  const widgets = body.widgets;
  if (!Array.isArray(widgets))
    return { ok: false, message: "widgets must be an array of widgets. Your document was not changed." };
  if (widgets.length > MAX_IMPORT_WIDGETS)
    return {
      ok: false,
      message: `This body has ${widgets.length.toLocaleString("en")} widgets; the editor takes at most ${MAX_IMPORT_WIDGETS.toLocaleString("en")} (beyond that every edit redraws too slowly to use). Split it into smaller add-ons, or check it with \`addon-studio validate\`. Your document was not changed.`,
    };
  const objects: Record<string, unknown>[] = [];
  for (const [i, w] of widgets.entries()) {
    if (!isRecord(w))
      return {
        ok: false,
        message: `widgets[${i}] is ${JSON.stringify(w)}, not a widget object such as {"title_row": {"text": "…"}}: fix it and import again. Your document was not changed.`,
      };
    objects.push(w);
  }
  const doc = documentFromBody(kind, body, objects);
  // Validated once, widget by widget, through the editor's own memoised selectors: the counts are
  // what the Problems tab will show, and the list, the inspector and the Problems tab then read
  // the cached results for these same widget objects instead of validating the import again.
  const problems = selectProblems({ doc });
  return {
    ok: true,
    doc,
    from: res.from,
    report: res.report,
    errors: problems.errors.length,
    warnings: problems.warnings.length,
  };
}

/** Parses and imports JSON text. */
export function importText(text: string, currentKind: DocumentKind): ImportResult {
  const parsed = parseImportText(text);
  if (!parsed.ok) return parsed;
  return importJson(parsed.value, currentKind);
}

function capitalise(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}
