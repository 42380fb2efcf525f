// Unknown keys in a body: what the person probably meant (a misspelling, a v1 name, a field of
// another kind), with the rename the studio offers as a fix where there is one.
import * as z from "zod";
import { isWidgetKind, modelOf, WIDGET_KINDS } from "../../widgets/registry";
import { ACTION_KINDS, v1ActionHint } from "../actions";
import { BODY_SCHEMAS, BODY_V1_HINTS } from "../bodies";
import { isRecord, own, valueAt } from "../json";
import { closestName, snakeCase } from "../names";
import { type KeyHint, type PathSegment, unknownField, v1Field } from "../problems";
import {
  CHAT_READ_HINTS,
  type CheckKind,
  MIGRATE_HINT,
  OLD_DELIVERY_KEYS,
  rootSchemaOf,
  V1_WIDGET_KEYS,
} from "./kinds";
import { unwrapSchema } from "./nulls";

/** The keys the object schema at `path` accepts, found by walking the schema as the path walks the JSON. */
function acceptedKeysAt(root: z.ZodType, path: readonly PathSegment[]): string[] | undefined {
  let cur: z.ZodType | undefined = root;
  for (const seg of path) {
    if (cur === undefined) return undefined;
    const t = unwrapSchema(cur);
    if (t instanceof z.ZodObject && typeof seg === "string") {
      const shape = t.shape as Record<string, z.ZodType>;
      cur = Object.hasOwn(shape, seg) ? shape[seg] : undefined;
    } else if (t instanceof z.ZodArray && typeof seg === "number") cur = t.element as z.ZodType;
    else if (t instanceof z.ZodRecord) cur = t.valueType as z.ZodType;
    else return undefined;
  }
  const t = cur === undefined ? undefined : unwrapSchema(cur);
  return t instanceof z.ZodObject ? Object.keys(t.shape) : undefined;
}

/**
 * A widget key the user probably meant: subtitle -> subtitle_row, WIDE_BUTTON_BAR -> button_bar,
 * title_rows -> title_row. `taken` are the keys the widget already has (no rename onto one of them).
 */
function widgetKeyHint(key: string, taken: ReadonlySet<string>): KeyHint | undefined {
  const lower = key.toLowerCase();
  // A widget that already has its kind holds an extra key: renaming it would make two kinds.
  const hasKind = [...taken].some(isWidgetKind);
  const to = (kind: string) => (hasKind || taken.has(kind) ? undefined : kind);
  if (isWidgetKind(lower)) return unknownField(`widget keys are lower case: write ${lower}`, to(lower));
  if (lower === "wide_button_bar")
    return v1Field("is the v1 name of button_bar: write button_bar", to("button_bar"));
  if (lower === "legend_title_row")
    return v1Field(
      "is not a v2 widget: legend_title_row was a v1 widget with no v2 counterpart; use a title_row and a subtitle_row instead",
    );
  const near = [`${lower}_row`, snakeCase(key)].find(isWidgetKind) ?? closestName(lower, WIDGET_KINDS);
  return near ? unknownField(`is not a v2 widget: did you mean ${near}?`, to(near)) : undefined;
}

/**
 * Spellings accepted from old bodies and warned about (`old_spelling`), each with the name written
 * now: a key near one of them is offered the current name, never the old one. A chat button's
 * `icon_name` is one where `icon` is accepted beside it (a widget's icon is `icon_name` alone).
 */
const OLD_SPELLINGS: Readonly<Record<string, string>> = {
  hasDivider: "has_divider",
  meta_data: "metadata",
  icon_name: "icon",
};

/** The current name of `key` where it is an old spelling among `accepted` (its current name accepted too). */
function currentOf(key: string, accepted: readonly string[]): string | undefined {
  const now = Object.hasOwn(OLD_SPELLINGS, key) ? OLD_SPELLINGS[key] : undefined;
  return now !== undefined && accepted.includes(now) ? now : undefined;
}

/** "did you mean x? " with the rename, when `key` looks like a misspelling of one of `accepted` not yet in `value`. */
function nearKey(key: string, accepted: readonly string[] | undefined, value: unknown) {
  // The current names first; a key nearer an old spelling (iconName, on a chat button) is offered
  // that spelling's current name.
  const old = accepted && closestName(key, accepted);
  const near =
    accepted &&
    (closestName(
      key,
      accepted.filter((k) => currentOf(k, accepted) === undefined),
    ) ??
      (old ? (currentOf(old, accepted) ?? old) : undefined));
  if (!near) return { text: "", rename: undefined };
  return { text: `did you mean ${near}? `, rename: isRecord(value) && near in value ? undefined : near };
}

/** "the accepted fields are a, b", after "did you mean a?" (in brackets) when there is a near key. */
function acceptedFields(near: { text: string }, fields: readonly string[]): string {
  return near.text
    ? `${near.text}(the accepted fields are ${fields.join(", ")})`
    : `the accepted fields are ${fields.join(", ")}`;
}

/** Why `key` is not accepted at `path` in a body of `kind`, in words a person can act on, with its code. */
export function unknownKeyHint(
  kind: CheckKind | "widget",
  path: PathSegment[],
  key: string,
  root: unknown,
): KeyHint {
  const last = path[path.length - 1];
  const accepted = acceptedKeysAt(rootSchemaOf(kind), path);
  const here = root === undefined ? undefined : valueAt(root, path);
  const near = nearKey(key, accepted, here);
  const generic = unknownField(
    !accepted?.length
      ? "is not accepted here: delete it (or check its spelling)"
      : near.text
        ? `is not accepted here: ${acceptedFields(near, accepted)}`
        : `is not accepted here (${acceptedFields(near, accepted)}): delete it or check its spelling`,
    near.rename,
  );
  if (kind === "subscription" || kind === "event") {
    if (kind === "event" && path.length === 0 && OLD_DELIVERY_KEYS.has(key))
      return unknownField(
        "is a field of the old delivered shape (spec 6.3.7), fully replaced by {type, new_message | post_update | …, metadata}",
      );
    if (kind === "event" && path.length === 0 && key === "payment_transaction")
      return unknownField(
        "did you mean transaction? The event reference names the payload of a PAYMENT_TRANSACTION event transaction (an older docs page writes payment_transaction): rename it (addon-studio migrate does)",
        isRecord(here) && here.transaction !== undefined ? undefined : "transaction",
      );
    if (kind === "subscription" && path.length === 0) {
      const hint = own(CHAT_READ_HINTS, key);
      if (hint)
        return unknownField(
          hint,
          key === "meta_data" && !(isRecord(here) && here.metadata !== undefined) ? "metadata" : undefined,
        );
    }
    return generic;
  }
  if (kind !== "widget" && path.length === 0)
    return (
      own(BODY_V1_HINTS[kind], key) ??
      unknownField(
        `is not a field of the ${kind} body: ${acceptedFields(near, Object.keys(BODY_SCHEMAS[kind].shape))}`,
        near.rename,
      )
    );
  if (last === "action" || (path.length >= 2 && path[path.length - 2] === "action")) {
    const hint = v1ActionHint(key);
    if (hint) return hint;
    if (last === "action") {
      const action = valueAt(root, path);
      const kinds = isRecord(action) ? ACTION_KINDS.filter((k) => action[k] !== undefined) : [];
      if (kinds.length > 0)
        return unknownField(
          `is not an action kind, and an action holds nothing but its one kind (here ${kinds.join(", ")}): delete it`,
        );
      return unknownField(`is not an action kind: use exactly one of ${ACTION_KINDS.join(", ")}`);
    }
  }
  // A widget object: ["widgets", i] (or [] when validating one widget).
  const widgetDepth = kind === "widget" ? 0 : 2;
  if (path.length === widgetDepth) {
    if (V1_WIDGET_KEYS.has(key))
      return v1Field(`is a v1 widget wrapper field; v2 widgets are {"<kind>": {...}}: ${MIGRATE_HINT}`);
    return (
      widgetKeyHint(key, new Set(isRecord(here) ? Object.keys(here) : [])) ??
      unknownField(
        `is not a v2 widget: a widget holds exactly one of ${WIDGET_KINDS.join(", ")}, and may have semantic_paths beside it`,
      )
    );
  }
  const kindKey = path[widgetDepth];
  if (typeof kindKey === "string" && isWidgetKind(kindKey)) {
    const model = modelOf(kindKey);
    if (path.length === widgetDepth + 1)
      return (
        own(model.hints, key) ??
        unknownField(
          `is not a field of ${kindKey}: ${acceptedFields(near, Object.keys(model.schema.shape))}`,
          near.rename,
        )
      );
    const renamed = own(model.v1?.itemRenamed, key);
    if (renamed && path[widgetDepth + 1] === "items")
      return v1Field(`renamed to ${renamed} in v2 (addon-studio migrate renames it)`);
    // A field v2 removed, left deeper in the widget (an evaluation section's text_color): migrate
    // drops a widget's removed fields at any depth of its sections and items (not inside an action),
    // so the hint says so as it does at the top.
    if (model.v1?.removed?.includes(key) && !path.slice(widgetDepth + 1).includes("action"))
      return v1Field("removed in v2: delete it (addon-studio migrate does)");
  }
  return generic;
}
