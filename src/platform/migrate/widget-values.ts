// One v1 widget's data to v2: values, colours, icons, renames and moves, field by field.
import { COLORS, isV1Color, ZERO_COLORS } from "../colors";
import { type FieldDescriptor, ZERO_ICON } from "../fields";
import { isRecord, own } from "../json";
import { snakeCase } from "../names";
import { convertAction } from "./actions";
import type { Reporter } from "./report";
import { childPath, type Json, put, show } from "./shared";
import { fieldOf, type Plan } from "./widget-plans";
import { iconWrapperName } from "./widgets";

function convertColor(value: unknown, at: string, to: string, r: Reporter, required: boolean): unknown {
  if (typeof value === "string" && (COLORS as readonly string[]).includes(value)) return value;
  if (typeof value === "string" && ZERO_COLORS.includes(value)) {
    // A field that must hold a colour has no "none" to fall back on: the colour is to be picked.
    if (required)
      r.addAt(
        at,
        "unconvertible",
        `${value} is the unset value of the old SDK (the platform refuses it); left out of ${to}: pick one by hand (v2 colours: ${COLORS.join(", ")})`,
      );
    else
      r.addAt(
        at,
        "dropped",
        `${value} is the unset value of the old SDK (the platform refuses it); left out of ${to}, which shows no colour when it is not set`,
      );
    return undefined;
  }
  // In a v2 body only v1 colours are leftovers; any other value stays for validation to name.
  if (r.leftovers && !isV1Color(value)) return value;
  const why = isV1Color(value)
    ? `${String(value)} is a v1 colour with no v2 counterpart`
    : `${show(value)} is not a v2 colour`;
  r.addAt(
    at,
    "unconvertible",
    `${why} (v2 colours: ${COLORS.join(", ")}); left out of ${to}: pick one by hand`,
  );
  return undefined;
}

/**
 * Converts the value of one v2 field, driven by its form descriptor. Returns undefined when the
 * value cannot be carried over (reported); the widget keeps every other field, so a required field
 * left empty shows in the editor as an error on that field.
 */
function convertValue(
  f: FieldDescriptor,
  value: unknown,
  at: string,
  to: string,
  item: ItemRules,
  r: Reporter,
): unknown {
  if (value === null) {
    // proto3's JSON mapping reads null as "not set"; on a required field it stays for validation.
    if (f.required) return value;
    r.addAt(at, "dropped", `null means "not set" on the platform (proto3 JSON); left out of ${to}`);
    return undefined;
  }
  const before = r.lines.length;
  let out: unknown = value;
  switch (f.ui.ui) {
    case "action":
      out = convertAction(value, at, to, r);
      break;
    case "color":
      out = convertColor(value, at, to, r, f.required);
      break;
    case "icon":
      if (value === ZERO_ICON) {
        r.addAt(
          at,
          "dropped",
          `UNKNOWN is the unset value of the old SDK (the platform refuses it); left out of ${to}, which shows no icon when it is not set`,
        );
        out = undefined;
      }
      break;
    case "percentage":
      if (r.leftovers) break;
      if (typeof value === "number" && !Number.isFinite(value)) {
        r.addAt(
          at,
          "unconvertible",
          `${show(value)} is not a percentage; left out of ${to}: set 0 to 100 by hand`,
        );
        out = undefined;
      } else if (typeof value === "number" && !Number.isInteger(value)) {
        out = Math.round(value);
        r.addAt(at, "converted", `${value} rounded to ${String(out)}: v2 percentages are whole numbers`);
      }
      break;
    case "group":
      if (isRecord(value)) out = convertObject(f.fields ?? [], value, at, to, { ...item, renamed: NONE }, r);
      break;
    case "list":
      if (Array.isArray(value)) {
        const items: unknown[] = [];
        for (let i = 0; i < value.length; i++) {
          const entry: unknown = value[i];
          items.push(
            isRecord(entry)
              ? convertObject(f.fields ?? [], entry, childPath(at, i), `${to}[${i}]`, item, r)
              : entry,
          );
        }
        out = items;
      }
      break;
    default:
      break;
  }
  const last = r.lines[r.lines.length - 1];
  if (out === undefined && f.required && last && r.lines.length > before && last.change === "unconvertible")
    last.message += `; ${to} is required, so the editor shows it as an error until it is set`;
  return out;
}

const NONE: Readonly<Record<string, string>> = {};

/** Reports a field v2 removed (its value left out), inside a v1 wrapper or a v2 widget alike. */
function dropRemoved(at: string, value: unknown, r: Reporter): void {
  r.addAt(at, "dropped", `removed in v2 (spec 2.13); its value ${show(value)} was left out`);
}

/**
 * What a widget's plan says of the objects inside it (list items, groups): keys renamed in list
 * items, and the fields v2 removed (an evaluation section's text_color), dropped as v1 leftovers
 * at any depth of a v2 widget too.
 */
interface ItemRules {
  renamed: Readonly<Record<string, string>>;
  removed: ReadonlySet<string>;
}

/**
 * The field a proto3 JSON lowerCamelCase name spells (hasDivider -> has_divider), if there is one:
 * renamed with a report line rather than left for a "remove" fix that would lose its value.
 */
function snakeKey(fields: readonly FieldDescriptor[], key: string): string | undefined {
  if (!/[A-Z]/.test(key)) return undefined;
  const snake = snakeCase(key);
  return fieldOf(fields, snake) ? snake : undefined;
}

/** Converts an object (a widget's fields, a list item, a group) field by field. */
function convertObject(
  fields: readonly FieldDescriptor[],
  input: Json,
  at: string,
  to: string,
  item: ItemRules,
  r: Reporter,
): Json {
  const out: Json = {};
  for (const key of Object.keys(input)) {
    const value = input[key];
    const target = own(item.renamed, key) ?? snakeKey(fields, key) ?? key;
    const f = fieldOf(fields, target);
    const keyAt = childPath(at, key);
    if (!f) {
      if (r.leftovers && item.removed.has(key)) dropRemoved(keyAt, value, r);
      // A v2 body keeps what is not a v1 leftover, so validation can name it.
      else if (r.leftovers) put(out, key, value);
      else r.addAt(keyAt, "dropped", `not a field in v2; its value ${show(value)} was left out of ${to}`);
      continue;
    }
    if (target !== key) r.addAt(keyAt, "renamed", renameMessage(key, target, value, `${to}.${target}`));
    const v = convertValue(f, value, keyAt, `${to}.${target}`, { ...item, renamed: NONE }, r);
    if (v !== undefined) out[target] = v;
  }
  return out;
}

function renameMessage(from: string, to: string, value: unknown, where: string): string {
  const base = `${from} renamed to ${to} (now ${where})`;
  // A v1 image_url is an address; a v2 image_id names an image uploaded to the platform.
  if (from === "image_url" && typeof value === "string" && /^https?:/i.test(value))
    return `${base}; v2 expects an uploaded image's name (or logo), so upload ${value} and put its name here`;
  return base;
}

/**
 * Puts one v1 value into the v2 widget `out` under its v2 name. `wrapper` names the v1 object it
 * was lifted out of (reported as a move), if any.
 */
function putField(
  plan: Plan,
  out: Json,
  to: string,
  key: string,
  value: unknown,
  from: string,
  wrapper: string | undefined,
  r: Reporter,
): void {
  const target = own(plan.renamed, key) ?? snakeKey(plan.model.fields, key) ?? key;
  const where = `${to}.${target}`;
  const f = fieldOf(plan.model.fields, target);
  if (!f) {
    const outdated = own(plan.notAccepted, key);
    if (outdated !== undefined)
      r.addAt(
        from,
        "dropped",
        `${plan.model.kind} takes no ${key} (an outdated shape some docs show; the live platform refuses it); its value ${show(value)} was left out`,
      );
    else if (r.leftovers) put(out, key, value);
    else
      r.addAt(
        from,
        "dropped",
        `not a field of ${plan.model.kind} in v2; its value ${show(value)} was left out`,
      );
    return;
  }
  if (out[target] !== undefined) {
    r.addAt(from, "dropped", `${where} is already set; this second value ${show(value)} was left out`);
    return;
  }
  // Named before converting, so the report reads in order: where it went, then how it changed.
  const at = r.lines.length;
  if (target !== key) r.addAt(from, "renamed", renameMessage(key, target, value, where));
  else if (wrapper !== undefined)
    r.addAt(from, "moved", `moved up to ${where} (the ${wrapper} wrapper is gone in v2)`);
  const announced = r.lines.length > at;
  const v = convertValue(f, value, from, where, { renamed: plan.itemRenamed, removed: plan.removed }, r);
  if (v !== undefined) out[target] = v;
  // A value that could not be carried over went nowhere: drop the line that says where it went.
  else if (announced) r.lines.splice(at, 1);
}

/** Converts one v1 widget's data (at `at`, which ends in `data`) into the v2 widget's fields. */
export function convertWidgetData(plan: Plan, data: Json, at: string, to: string, r: Reporter): Json {
  const out: Json = {};
  for (const key of Object.keys(data)) {
    if (key === "@type") continue;
    const value = data[key];
    const from = childPath(at, key);
    if (plan.removed.has(key)) {
      dropRemoved(from, value, r);
    } else if (key === plan.flatten && isRecord(value)) {
      for (const k of Object.keys(value)) putField(plan, out, to, k, value[k], childPath(from, k), key, r);
    } else if (plan.wrappers.has(key)) {
      const name = iconWrapperName(value, from, r);
      // A bare string icon sits directly in data, so "data" is the wrapper that is gone.
      if (name !== undefined)
        if (typeof value === "string") putField(plan, out, to, "icon_name", name, from, "data", r);
        else putField(plan, out, to, "icon_name", name, childPath(from, "icon_name"), key, r);
    } else {
      putField(plan, out, to, key, value, from, undefined, r);
    }
  }
  const missing = plan.required.filter((k) => out[k] === undefined);
  if (missing.length && !r.leftovers)
    r.addAt(
      at,
      "unconvertible",
      `the v1 widget has no ${missing.join(", ")}, which ${plan.model.kind} requires: fill it in`,
    );
  return out;
}
