// Warnings (never blocking): unknown icons, semantic values, inert buttons, old spellings, chat layout.
import { modelOf } from "../../widgets/registry";
import type { BodyKind } from "../bodies";
import { isFieldPath, ZERO_ICON } from "../fields";
import { isKnownIcon, suggestIcons } from "../icons";
import { isRecord, own } from "../json";
import { type PathSegment, type Problem, problem } from "../problems";
import { HASHED_SEMANTIC_KEYS, isHashedSemanticKey, PREDEFINED_SEMANTIC } from "../semantic";
import { isBlankText } from "../text";
import { widgetKeysOf } from "../widgets";
import { chatWarnings, noActionWarning } from "./button-warnings";
import { MAX_WALK_DEPTH } from "./kinds";

/** The warning on an add-on whose widgets list is empty (the editor shows it too). */
export const NO_WIDGETS_MESSAGE = "has no widgets: the add-on will show nothing";

function iconWarning(path: PathSegment[], name: string): Problem {
  const near = suggestIcons(name);
  const hint = near.length ? ` Did you mean ${near.join(", ")}?` : "";
  return problem(
    path,
    `${name} is not in the known icon list; the app may show no icon.${hint}`,
    "warning",
    "unknown_icon",
  );
}

/**
 * Objects whose keys are not the platform's fields: an action's `data` (the app's own, handed back to
 * it as sent) and `semantic_paths` (field paths, not icons or images). Their values are not walked.
 */
function holdsNoFields(parent: PathSegment | undefined, key: string): boolean {
  return (
    key === "semantic_paths" ||
    (key === "data" && (parent === "open_server_link" || parent === "get_dynamic_action"))
  );
}

/** Walks any JSON value for icon names that are not in the known list. `path` is a shared stack. */
function iconWarnings(value: unknown, path: PathSegment[], out: Problem[]): void {
  // A deeper value is refused by the schema anyway; walking it could only overflow the stack.
  if (path.length > MAX_WALK_DEPTH) return;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const v: unknown = value[i];
      if (typeof v !== "object" || v === null) continue;
      path.push(i);
      iconWarnings(v, path, out);
      path.pop();
    }
    return;
  }
  if (!isRecord(value)) return;
  for (const k in value) {
    const v = value[k];
    if (typeof v === "string") {
      // "" and UNKNOWN are errors already; a warning on top would say the same twice.
      if ((k === "icon_name" || k === "icon") && v !== "" && v !== ZERO_ICON && !isKnownIcon(v))
        out.push(iconWarning([...path, k], v));
      // A v1 image_url value carried over by hand: the platform looks the name up, finds nothing.
      else if (k === "image_id" && /^\s*https?:\/\//i.test(v))
        out.push(
          problem(
            [...path, k],
            "is a web address, but image_id names an image uploaded to the platform (or logo): upload the image and put its name here",
            "warning",
            "image_id_url",
          ),
        );
    } else if (typeof v === "object" && v !== null && !holdsNoFields(path[path.length - 1], k)) {
      path.push(k);
      iconWarnings(v, path, out);
      path.pop();
    }
  }
}

/** Whether the field at `dotted` is set in `value`; through a list, in any of its items. */
function isSetAt(value: unknown, parts: readonly string[]): boolean {
  if (parts.length === 0) return value !== undefined;
  if (Array.isArray(value)) return value.some((item) => isSetAt(item, parts));
  const [first, ...rest] = parts;
  return isRecord(value) && first !== undefined && isSetAt(value[first], rest);
}

/**
 * A score_row's percentage_score of 0: an int32 on the live platform, whose JSON reads 0 as not set
 * (proto3). Beside a descriptive_score it is no second score; alone, the row may be read as having no
 * score, which score_row does not take (the platform's old SDK refuses it).
 */
function zeroScoreWarning(path: PathSegment[], row: Record<string, unknown>): Problem {
  const message =
    row.descriptive_score !== undefined
      ? 'is 0, which the platform reads as "not set" (proto3 JSON), so the row shows descriptive_score: delete percentage_score'
      : 'is 0, which the platform reads as "not set" (proto3 JSON), so the row may be taken as having no score (score_row needs exactly one; the platform\'s old SDK refuses this): to show a zero score, write it as descriptive_score (e.g. "۰٪") instead';
  return problem(path, message, "warning", "zero_as_absent");
}

/** Warnings for one widget: unknown icons, semantic paths to unset fields, inert buttons, old spellings. */
export function widgetWarnings(widget: unknown, prefix: readonly PathSegment[]): Problem[] {
  const out: Problem[] = [];
  iconWarnings(widget, [...prefix], out);
  if (isRecord(widget) && isRecord(widget.button_bar) && widget.button_bar.action === undefined)
    out.push(noActionWarning([...prefix, "button_bar"]));
  if (isRecord(widget) && isRecord(widget.score_row) && widget.score_row.percentage_score === 0)
    out.push(zeroScoreWarning([...prefix, "score_row", "percentage_score"], widget.score_row));
  if (isRecord(widget) && isRecord(widget.score_row) && widget.score_row.hasDivider !== undefined)
    out.push(
      problem(
        [...prefix, "score_row", "hasDivider"],
        "is the spec's spelling; the live platform and every SDK write has_divider: rename it (addon-studio migrate does)",
        "warning",
        "old_spelling",
        // Both spellings at once is an error of its own (keep has_divider), not a rename.
        widget.score_row.has_divider === undefined ? "has_divider" : undefined,
      ),
    );
  if (isRecord(widget) && isRecord(widget.semantic_paths)) {
    const kinds = widgetKeysOf(widget);
    const kind = kinds[0];
    if (kinds.length === 1 && kind) {
      for (const [key, path] of Object.entries(widget.semantic_paths)) {
        if (
          typeof path === "string" &&
          isFieldPath(modelOf(kind).paths, path) &&
          !isSetAt(widget[kind], path.split("."))
        )
          out.push(
            problem(
              [...prefix, "semantic_paths", key],
              `points to ${path}, which this ${kind} does not set: set the field or remove the path`,
              "warning",
              "semantic_path_unset",
            ),
          );
      }
    }
  }
  return out;
}

const KNOWN_SEMANTIC_KEYS = [...Object.keys(PREDEFINED_SEMANTIC), ...HASHED_SEMANTIC_KEYS];

/** The predefined or hashed key `key` is, in any letter case; undefined for another key. */
function knownSemanticKey(key: string): string | undefined {
  const lower = key.toLowerCase();
  return KNOWN_SEMANTIC_KEYS.find((k) => k.toLowerCase() === lower);
}

/**
 * Warnings on a semantic map: predefined keys with unknown values, unhashed values that must be
 * hashed, known keys written in another letter case.
 */
export function semanticWarnings(semantic: unknown, prefix: readonly PathSegment[]): Problem[] {
  if (!isRecord(semantic)) return [];
  const out: Problem[] = [];
  for (const [key, value] of Object.entries(semantic)) {
    if (typeof value !== "string") continue;
    const allowed = own(PREDEFINED_SEMANTIC, key);
    if (allowed && !allowed.includes(value)) {
      // The value in another letter case ("secure" for SECURE): say which one it means.
      const meant = allowed.find((a) => a.toLowerCase() === value.trim().toLowerCase());
      out.push(
        problem(
          [...prefix, key],
          meant
            ? `${key} is a predefined key whose values are ${allowed.join(", ")}; "${value}" will not be understood (${value.trim() === meant ? "spaces count" : "values are case-sensitive"}): write ${meant}`
            : `${key} is a predefined key whose values are ${allowed.join(", ")}; "${value}" will not be understood`,
          "warning",
          "semantic_value",
        ),
      );
    }
    const known = knownSemanticKey(key);
    if (known !== undefined && known !== key)
      out.push(
        problem(
          [...prefix, key],
          `${key} is not a key the platform knows, but ${known} is (keys are case-sensitive): rename it to ${known}`,
          "warning",
          "semantic_key_case",
        ),
      );
    if (isHashedSemanticKey(key) && !/^[0-9a-f]{64}$/.test(value))
      out.push(
        problem(
          [...prefix, key],
          `${key} must be sent SHA-256 hashed after normalising (ASCII digits, upper case, trimmed): use the studio's hash button or hash it yourself (keys that need it: ${HASHED_SEMANTIC_KEYS.join(", ")})`,
          "warning",
          "semantic_unhashed",
        ),
      );
  }
  return out;
}

/** All warnings of a body (they never block publishing). Works on any JSON value. */
export function bodyWarnings(kind: BodyKind, json: unknown): Problem[] {
  if (!isRecord(json)) return [];
  const out: Problem[] = [];
  if (kind === "chat") {
    out.push(...chatWarnings(json));
    iconWarnings(json, [], out);
    return out;
  }
  if (json.widgets === undefined && (kind === "post" || kind === "user"))
    out.push(problem(["widgets"], "is not set: the add-on will show nothing", "warning", "no_widgets"));
  if (Array.isArray(json.widgets)) {
    if (json.widgets.length === 0)
      out.push(problem(["widgets"], NO_WIDGETS_MESSAGE, "warning", "no_widgets"));
    json.widgets.forEach((w, i) => {
      out.push(...widgetWarnings(w, ["widgets", i]));
    });
  }
  out.push(...semanticWarnings(json.semantic, ["semantic"]));
  if (kind === "user" && Array.isArray(json.categories))
    json.categories.forEach((c, i) => {
      if (typeof c === "string" && isBlankText(c))
        out.push(
          problem(
            ["categories", i],
            "is an empty category name, which names no category: write the category or remove it",
            "warning",
            "empty_category",
          ),
        );
    });
  return out;
}
