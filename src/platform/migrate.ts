import { WIDGET_KINDS, WIDGET_MODELS, isWidgetKind } from "../widgets/registry";
import { ACTION_KINDS, urlProblem } from "./actions";
import { COLORS, ZERO_COLORS, isV1Color } from "./colors";
import { type FieldDescriptor, ZERO_ICON } from "./fields";
import { BODY_SCHEMAS } from "./bodies";
import { type PathSegment, type Problem, formatPath } from "./problems";
import { withoutNulls } from "./validate";

/** The models of the widgets that v1 had, with how each converts (a v2-only widget has none). */
export const V1_WIDGET_MODELS = WIDGET_MODELS.flatMap((m) => (m.v1 ? [{ ...m, v1: m.v1 }] : []));

/**
 * v1 -> v2 migration of whole bodies (spec 2.10-2.15, 4.12; platform facts "v1 widgets").
 * Pure functions: JSON in, JSON and a report out. Whatever cannot be carried over is named in
 * the report with its path and its content, so nothing the user wrote is lost without a word.
 */

/** What a migration produced: the kind of body it recognised. */
export type MigrationKind = "post" | "user" | "semantic" | "chat" | "subscription" | "event";

/** One line of the migration report. `path` is where the field was in the input. */
export interface MigrationChange {
  path: string;
  change: "renamed" | "moved" | "dropped" | "converted" | "unconvertible";
  message: string;
}

/**
 * A recognised body, converted from v1, or a v2 body with its v1 leftovers and old spellings
 * converted (`from: "v2"`, with a report), or a v2 body passed through unchanged (an empty report).
 */
export interface MigrationSuccess {
  ok: true;
  kind: MigrationKind;
  body: Record<string, unknown>;
  report: MigrationChange[];
  from: "v1" | "v2";
}

/** The input is neither a v1 nor a v2 body. */
export interface MigrationFailure {
  ok: false;
  message: string;
}

export type MigrationResult = MigrationSuccess | MigrationFailure;

/** Options: `kind` decides between post and user add-on when the body does not say. */
export interface MigrateOptions {
  kind?: "post" | "user";
}

type Json = Record<string, unknown>;
type Model = (typeof WIDGET_MODELS)[number];

function isRecord(v: unknown): v is Json {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** `table[key]` when `key` is the table's own entry (a key such as "constructor" must not find Object's). */
function own<T>(table: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined;
}

/** Sets `key` as an own property, even `__proto__`, which plain assignment would swallow. */
function put(obj: Json, key: string, value: unknown): void {
  Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
}

/** Numbers JSON cannot hold (JSON.parse reads 1e400 as Infinity), shown instead of JSON's null. */
function showNumber(n: number): string {
  return Number.isNaN(n)
    ? "NaN"
    : n > 0
      ? "a number too large to represent"
      : "a negative number too large to represent";
}

/**
 * Shows a value in a report line, whole: a value left out of the v2 body survives only here, so
 * shortening it would lose what the user wrote.
 */
function show(value: unknown): string {
  if (typeof value === "number" && !Number.isFinite(value)) return showNumber(value);
  let s: string;
  try {
    s =
      JSON.stringify(value, (_k, v: unknown) =>
        typeof v === "number" && !Number.isFinite(v) ? `<${showNumber(v)}>` : v,
      ) ?? String(value);
  } catch {
    // Too deeply nested to print (the stack runs out); the path still says where it was.
    s = Array.isArray(value) ? "[a deeply nested array]" : "{a deeply nested object}";
  }
  return s;
}

const WRAPPER_KEYS = ["widget_type", "data", "@type"] as const;

class Reporter {
  readonly lines: MigrationChange[] = [];
  /**
   * True while walking a v2 widget or body for v1 leftovers: unknown keys and invalid values that
   * are not v1 leftovers stay as written (validation names them), and v1-only checks are skipped.
   */
  leftovers = false;
  add(path: readonly PathSegment[], change: MigrationChange["change"], message: string): void {
    this.lines.push({ path: formatPath(path), change, message });
  }
  /** As `add`, with the path already formatted ("" for the root). */
  addAt(path: string, change: MigrationChange["change"], message: string): void {
    this.lines.push({ path: path === "" ? "(root)" : path, change, message });
  }
}

/**
 * `at` extended by one segment, formatted as `formatPath` formats the whole path. Paths are built
 * this way as the walk descends, instead of copying and formatting a segment array per report line.
 */
function childPath(at: string, seg: PathSegment): string {
  const s = formatPath([seg]);
  if (at === "") return s;
  return s.startsWith("[") ? `${at}${s}` : `${at}.${s}`;
}

// ---------------------------------------------------------------------------------------------
// Actions (spec 2.14; facts "Actions")

function isV2Action(a: Json): boolean {
  return ACTION_KINDS.some((k) => k in a);
}

/**
 * Converts one action. Returns undefined (after reporting) when it cannot be converted; the
 * caller decides whether that loses the field or the whole widget.
 */
function convertAction(value: unknown, at: string, to: string, r: Reporter): Json | undefined {
  if (!isRecord(value)) {
    r.addAt(at, "unconvertible", `${show(value)} is not an action object; left out of ${to}`);
    return undefined;
  }
  if (isV2Action(value)) return value;
  const payload = isRecord(value.payload) ? value.payload : {};
  const candidates: Array<[string, unknown]> = [
    ["payload.url", payload.url],
    ["payload.link", payload.link],
    ["fallback_link", value.fallback_link],
  ];
  const found = candidates.find(([, v]) => typeof v === "string" && v.trim() !== "");
  if (!found) {
    r.addAt(
      at,
      "unconvertible",
      `the v1 action ${show(value)} has no URL (payload.url, payload.link or fallback_link), so it has no v2 form; left out of ${to}: give it an open_direct_link by hand`,
    );
    return undefined;
  }
  const [source, raw] = found;
  const url = String(raw).trim();
  const bad = urlProblem(url);
  if (bad) {
    r.addAt(
      at,
      "unconvertible",
      `the v1 action's ${source} ${show(url)} cannot be opened in v2 (${bad}); left out of ${to}`,
    );
    return undefined;
  }
  const type = typeof value.type === "string" ? ` ${value.type}` : "";
  r.addAt(at, "converted", `v1 action${type} became {"open_direct_link": ${show(url)}} at ${to}`);
  // Every other address and field of the old action is named, so none disappears without a word.
  for (const [where, v] of candidates) {
    if (where === source || v === undefined) continue;
    const same = typeof v === "string" && v.trim() === url;
    if (!same)
      r.addAt(
        where.split(".").reduce(childPath, at),
        "dropped",
        where === "fallback_link"
          ? `v2 actions have no fallback link; ${show(v)} was left out (open_direct_link uses ${source})`
          : `a v2 action has one address; ${show(v)} was left out (open_direct_link uses ${source})`,
      );
  }
  for (const k of Object.keys(value))
    if (k !== "type" && k !== "payload" && k !== "fallback_link")
      r.addAt(
        childPath(at, k),
        "dropped",
        `not part of a v2 action; its value ${show(value[k])} was left out`,
      );
  if (value.payload !== undefined && !isRecord(value.payload))
    r.addAt(childPath(at, "payload"), "dropped", `${show(value.payload)} is not a v1 payload; left out`);
  for (const k of Object.keys(payload))
    if (k !== "url" && k !== "link" && k !== "@type")
      r.addAt(
        childPath(childPath(at, "payload"), k),
        "dropped",
        `not part of a v2 action; its value ${show(payload[k])} was left out`,
      );
  return { open_direct_link: url };
}

// ---------------------------------------------------------------------------------------------
// Widgets (spec 2.13; facts "v1 widgets")

/**
 * What converting one model's v1 widgets needs, derived once from the model (not per widget):
 * field lookups by key, and the v1 info as sets. Built on first use, so that importing this
 * module runs nothing and a bundle that never migrates drops it.
 */
interface Plan {
  model: Model;
  renamed: Readonly<Record<string, string>>;
  removed: ReadonlySet<string>;
  wrappers: ReadonlySet<string>;
  flatten: string | undefined;
  itemRenamed: Readonly<Record<string, string>>;
  required: readonly string[];
  /** Keys some documents show on this widget that it does not take (event_row.action, …). */
  notAccepted: Readonly<Record<string, string>>;
}

let plansByV1Type: Map<string, Plan> | undefined;
let plansByKind: Map<string, Plan> | undefined;

/** v2 widget kind -> conversion plan of its model (for v1 leftovers inside v2 widgets). */
function planOfKind(kind: string): Plan | undefined {
  plansByKind ??= new Map([...plans().values()].map((p): [string, Plan] => [p.model.kind, p]));
  return plansByKind.get(kind);
}

/** v1 widget type (upper case) -> conversion plan of its model. */
function plans(): Map<string, Plan> {
  plansByV1Type ??= new Map(
    V1_WIDGET_MODELS.map((model): [string, Plan] => [
      model.v1.type,
      {
        model,
        renamed: model.v1.renamed ?? {},
        removed: new Set<string>(model.v1.removed ?? []),
        wrappers: new Set<string>(model.v1.iconWrappers ?? []),
        flatten: model.v1.flatten,
        itemRenamed: model.v1.itemRenamed ?? {},
        required: model.fields.filter((f) => f.required).map((f) => f.key),
        notAccepted: model.notAccepted,
      },
    ]),
  );
  return plansByV1Type;
}

/** The v1 widget types without a v2 counterpart, with what to use instead. */
const NO_V2_COUNTERPART: Record<string, string> = {
  LEGEND_TITLE_ROW: "add a title_row (and a subtitle_row) with its text by hand",
};

let fieldIndex: WeakMap<readonly FieldDescriptor[], Map<string, FieldDescriptor>> | undefined;

/** The descriptor of `key` in a field list, by a map built once per list (lists are module constants). */
function fieldOf(fields: readonly FieldDescriptor[], key: string): FieldDescriptor | undefined {
  fieldIndex ??= new WeakMap();
  let byKey = fieldIndex.get(fields);
  if (!byKey) {
    byKey = new Map(fields.map((f) => [f.key, f]));
    fieldIndex.set(fields, byKey);
  }
  return byKey.get(key);
}

function convertColor(value: unknown, at: string, to: string, r: Reporter): unknown {
  if (typeof value === "string" && (COLORS as readonly string[]).includes(value)) return value;
  if (typeof value === "string" && ZERO_COLORS.includes(value)) {
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
  itemRenamed: Readonly<Record<string, string>>,
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
      out = convertColor(value, at, to, r);
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
      if (isRecord(value)) out = convertObject(f.fields ?? [], value, at, to, NONE, r);
      break;
    case "list":
      if (Array.isArray(value)) {
        const items: unknown[] = [];
        for (let i = 0; i < value.length; i++) {
          const item: unknown = value[i];
          items.push(
            isRecord(item)
              ? convertObject(f.fields ?? [], item, childPath(at, i), `${to}[${i}]`, itemRenamed, r)
              : item,
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

/** Converts an object (a widget's fields, a list item, a group) field by field. */
function convertObject(
  fields: readonly FieldDescriptor[],
  input: Json,
  at: string,
  to: string,
  renamed: Readonly<Record<string, string>>,
  r: Reporter,
): Json {
  const out: Json = {};
  for (const key of Object.keys(input)) {
    const value = input[key];
    const target = own(renamed, key) ?? key;
    const f = fieldOf(fields, target);
    const keyAt = childPath(at, key);
    if (!f) {
      // A v2 body keeps what is not a v1 leftover, so validation can name it.
      if (r.leftovers) put(out, key, value);
      else r.addAt(keyAt, "dropped", `not a field in v2; its value ${show(value)} was left out of ${to}`);
      continue;
    }
    if (target !== key) r.addAt(keyAt, "renamed", renameMessage(key, target, value, `${to}.${target}`));
    const v = convertValue(f, value, keyAt, `${to}.${target}`, NONE, r);
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
  const target = own(plan.renamed, key) ?? key;
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
  const v = convertValue(f, value, from, where, plan.itemRenamed, r);
  if (v !== undefined) out[target] = v;
  // A value that could not be carried over went nowhere: drop the line that says where it went.
  else if (announced) r.lines.splice(at, 1);
}

/** Converts one v1 widget's data (at `at`, which ends in `data`) into the v2 widget's fields. */
function convertWidgetData(plan: Plan, data: Json, at: string, to: string, r: Reporter): Json {
  const out: Json = {};
  for (const key of Object.keys(data)) {
    if (key === "@type") continue;
    const value = data[key];
    const from = childPath(at, key);
    if (plan.removed.has(key)) {
      r.addAt(from, "dropped", `removed in v2 (spec 2.13); its value ${show(value)} was left out`);
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

/** Reads a v1 icon wrapper ({icon_name, icon_color}); reports what is dropped, returns the name. */
function iconWrapperName(value: unknown, at: string, r: Reporter): string | undefined {
  const wrapper = isRecord(value) ? value : typeof value === "string" ? { icon_name: value } : {};
  const name = wrapper.icon_name;
  if (isRecord(value))
    for (const [k, v] of Object.entries(value))
      if (k !== "icon_name" && k !== "@type")
        r.addAt(
          childPath(at, k),
          "dropped",
          `removed in v2 (only icon_name is kept); its value ${show(v)} was left out`,
        );
  if (typeof name === "string" && name !== "") return name;
  r.addAt(at, "dropped", `the icon wrapper ${show(value)} has no icon_name, so no icon was kept`);
  return undefined;
}

function isV1Widget(w: unknown): w is Json {
  return isRecord(w) && ("widget_type" in w || "data" in w || "@type" in w);
}

/** Converts one entry of a v1 widget list; undefined when it is left out (and reported). */
function convertWidget(w: unknown, at: string, outIndex: number, r: Reporter): unknown {
  const to = `widgets[${outIndex}]`;
  if (isRecord(w) && !isV1Widget(w) && Object.keys(w).some(isWidgetKind))
    return convertV2Widget(w, at, to, r);
  if (!isRecord(w)) {
    // In a v2 body it stays, so validation (and the editor's import) names it at its index.
    if (r.leftovers) return w;
    r.addAt(at, "unconvertible", `${show(w)} is not a widget; left out`);
    return undefined;
  }
  const data = isRecord(w.data) ? w.data : {};
  const type =
    typeof w.widget_type === "string"
      ? w.widget_type
      : typeof data["@type"] === "string"
        ? data["@type"]
        : "";
  const plan = plans().get(type.toUpperCase());
  if (!plan) {
    const instead = own(NO_V2_COUNTERPART, type.toUpperCase());
    const known = `known: ${[...plans().keys()].join(", ")}`;
    const why = instead
      ? `${type} has no v2 counterpart: ${instead}`
      : "widget_type" in w
        ? `widget_type ${show(w.widget_type)} is not a v1 widget type (${known})`
        : `the widget has no widget_type${type ? ` and its @type ${show(type)} names no v1 widget type` : ""} (${known})`;
    r.addAt(at, "unconvertible", `${why}; the widget was left out. Its content: ${show(w.data ?? w)}`);
    return undefined;
  }
  for (const k of Object.keys(w))
    if (!(WRAPPER_KEYS as readonly string[]).includes(k))
      r.addAt(childPath(at, k), "dropped", `not part of a v1 widget; its value ${show(w[k])} was left out`);
  const kind = plan.model.kind;
  const reportStart = r.lines.length;
  const fields = convertWidgetData(plan, data, childPath(at, "data"), `${to}.${kind}`, r);
  r.lines.splice(reportStart, 0, {
    path: at,
    change: "converted",
    message: `${type} became ${to}.${kind} (the widget_type / data / @type wrapper is gone in v2)`,
  });
  return { [kind]: fields };
}

/**
 * A v2 widget with its v1 leftovers converted (v1 actions, icon wrappers, renamed and removed
 * fields, v1 and zero-value colours, nulls, fields the docs show that the platform refuses).
 * Everything else stays as written, so validation still names it; the object is returned
 * unchanged when nothing was converted.
 */
function convertV2Widget(w: Json, at: string, to: string, r: Reporter): Json {
  const kinds = Object.keys(w).filter(isWidgetKind);
  const kind = kinds[0];
  const plan = kinds.length === 1 && kind !== undefined ? planOfKind(kind) : undefined;
  const data = kind !== undefined ? w[kind] : undefined;
  if (!plan || kind === undefined || !isRecord(data)) return w;
  const before = r.lines.length;
  const wasLeftovers = r.leftovers;
  r.leftovers = true;
  const fields = convertWidgetData(plan, data, childPath(at, kind), `${to}.${kind}`, r);
  r.leftovers = wasLeftovers;
  if (r.lines.length === before) return w;
  const out: Json = {};
  for (const k of Object.keys(w)) put(out, k, k === kind ? fields : w[k]);
  // A semantic path to a field that was left out would point at nothing.
  if (isRecord(w.semantic_paths)) {
    const paths: Json = {};
    for (const [name, path] of Object.entries(w.semantic_paths)) {
      const head = typeof path === "string" ? path.split(".")[0] : undefined;
      const pathAt = childPath(childPath(at, "semantic_paths"), name);
      const renamed = head !== undefined ? own(plan.renamed, head) : undefined;
      if (typeof path !== "string" || head === undefined || !(head in data) || head in fields)
        put(paths, name, path);
      else if (renamed !== undefined && renamed in fields) {
        const moved = `${renamed}${path.slice(head.length)}`;
        put(paths, name, moved);
        r.addAt(pathAt, "renamed", `now points to ${moved}, as ${head} was renamed to ${renamed}`);
      } else
        r.addAt(
          pathAt,
          "dropped",
          `pointed to ${path}, which was left out of ${to}.${kind}; the semantic path ${show(name)} was left out too`,
        );
    }
    out.semantic_paths = paths;
  }
  return out;
}

function convertWidgets(value: unknown, at: PathSegment[], r: Reporter): unknown[] {
  const list = isRecord(value) ? value.widget_list : value;
  const listAt = isRecord(value) ? [...at, "widget_list"] : at;
  if (isRecord(value)) {
    if (!("widget_list" in value)) {
      r.add(at, "unconvertible", `has no widget_list; left out: ${show(value)}`);
      return [];
    }
    r.add(listAt, "moved", "the content of widgets.widget_list is the widgets array itself in v2");
    for (const k of Object.keys(value))
      if (k !== "widget_list")
        r.add([...at, k], "dropped", `not part of v1 widgets; its value ${show(value[k])} was left out`);
  }
  if (!Array.isArray(list)) {
    r.add(listAt, "unconvertible", `${show(list)} is not a list of widgets; no widgets were kept`);
    return [];
  }
  const out: unknown[] = [];
  const listPath = formatPath(listAt);
  list.forEach((w, i) => {
    const converted = convertWidget(w, childPath(listPath, i), out.length, r);
    if (converted !== undefined) out.push(converted);
  });
  return out;
}

// ---------------------------------------------------------------------------------------------
// Bodies

const SENSITIVE = ["semantic_sensitives", "sensitive_semantics"];
const USER_ONLY_V1 = ["verification_cost", "phone", "management_permalink"];
const USER_V2_KEYS = ["ticket_uuid", "cost", "categories"];
const CHAT_V1 = ["user_id", "peer_id", "sender_btn", "receiver_btn"];
const CHAT_READ_V1 = ["post_token", "endpoint", "identification_key"];

function convertSemantic(value: unknown, at: PathSegment[], r: Reporter): Json | undefined {
  if (!isRecord(value)) {
    r.add(at, "unconvertible", `${show(value)} is not a string map; left out`);
    return undefined;
  }
  const out: Json = {};
  for (const [k, v] of Object.entries(value)) {
    if (typeof v === "string") put(out, k, v);
    else if ((typeof v === "number" && Number.isFinite(v)) || typeof v === "boolean") {
      put(out, k, String(v));
      r.add(
        [...at, k],
        "converted",
        `${show(v)} became the string ${show(String(v))}: semantic values are strings`,
      );
    } else r.add([...at, k], "unconvertible", `${show(v)} is not a string; left out of semantic`);
  }
  return out;
}

function dropSensitive(key: string, value: unknown, r: Reporter): void {
  r.add(
    [key],
    "dropped",
    `removed in v2 and must not be sent: every semantic key that is not predefined is now encrypted, so it is not needed (it listed ${show(value)})`,
  );
}

/** verification_cost as v2 cost; undefined (reported) when it is not a number or the body has cost too. */
function convertCost(value: unknown, body: Json, r: Reporter): number | undefined {
  if (body.cost !== undefined) {
    r.add(
      ["verification_cost"],
      "dropped",
      `the body also has cost ${show(body.cost)}, which is kept; verification_cost ${show(value)} (its v1 name) was left out`,
    );
    return undefined;
  }
  const n = typeof value === "string" && value.trim() !== "" ? Number(value) : value;
  if (typeof n === "number" && Number.isFinite(n)) {
    r.add(
      ["verification_cost"],
      "renamed",
      typeof value === "string"
        ? `renamed to cost, and the text ${show(value)} became the number ${n}`
        : "renamed to cost",
    );
    return n;
  }
  r.add(
    ["verification_cost"],
    "unconvertible",
    `${show(value)} is not a number, so it could not become cost`,
  );
  return undefined;
}

/** A top-level null (proto3 JSON: "not set") is left out, with a line; true when `value` was one. */
function droppedNull(key: string, value: unknown, r: Reporter): boolean {
  if (value !== null) return false;
  r.add([key], "dropped", 'null means "not set" on the platform (proto3 JSON); left out');
  return true;
}

/**
 * A post or user add-on: from v1 (`from: "v1"`), or a v2 body whose v1 leftovers are converted
 * (`from: "v2"`; unknown fields stay, for validation to name).
 */
function migrateAddon(kind: "post" | "user", json: Json, from: "v1" | "v2"): MigrationSuccess {
  const r = new Reporter();
  r.leftovers = from === "v2";
  const body: Json = {};
  for (const [key, value] of Object.entries(json)) {
    if (key !== "widgets" && droppedNull(key, value, r)) continue;
    if (key === "widgets") body.widgets = convertWidgets(value, ["widgets"], r);
    else if (key === "semantic" && from === "v2") body.semantic = value;
    else if (key === "semantic") {
      const s = convertSemantic(value, ["semantic"], r);
      if (s) body.semantic = s;
    } else if (SENSITIVE.includes(key)) dropSensitive(key, value, r);
    else if (kind === "user" && key === "verification_cost") {
      const c = convertCost(value, json, r);
      if (c !== undefined) body.cost = c;
    } else if (kind === "user" && key === "phone")
      r.add(
        [key],
        "dropped",
        `removed in v2: the phone ${show(value)} goes in the address, POST /v2/open-platform/addons/user/{phone}`,
      );
    else if (kind === "user" && key === "notes")
      r.add([key], "dropped", `removed from the user add-on in v2; its text was ${show(value)}`);
    else if (kind === "user" && key === "management_permalink")
      r.add([key], "dropped", `removed in v2; its value was ${show(value)}`);
    else if (kind === "post" && key === "notes") body.notes = value;
    else if (kind === "user" && USER_V2_KEYS.includes(key)) body[key] = value;
    else if (from === "v2") put(body, key, value);
    else
      r.add(
        [key],
        "dropped",
        `not a field of the v2 ${kind} add-on body; its value ${show(value)} was left out`,
      );
  }
  const cleaned = dropRemainingNulls(kind, body, r);
  if (from === "v2" && r.lines.length === 0) return unchanged(kind, json);
  if (!("widgets" in cleaned) && from === "v1") cleaned.widgets = [];
  return {
    ok: true,
    kind,
    body: orderKeys(cleaned, ["widgets", "categories", "ticket_uuid", "cost", "semantic", "notes"]),
    report: r.lines,
    from,
  };
}

function migrateVerification(json: Json): MigrationSuccess {
  const r = new Reporter();
  const body: Json = {};
  for (const [key, value] of Object.entries(json)) {
    if (key === "semantic") {
      const s = convertSemantic(value, ["semantic"], r);
      if (s) body.semantic = s;
    } else if (SENSITIVE.includes(key)) dropSensitive(key, value, r);
    else if (key === "verification_cost") {
      const c = convertCost(value, json, r);
      if (c !== undefined) body.cost = c;
    } else if (key === "phone")
      r.add(
        [key],
        "dropped",
        `removed: the phone ${show(value)} goes in the address, POST /v1/open-platform/semantic/user/{phone}`,
      );
    else if (key === "notes")
      r.add([key], "dropped", `removed from the user semantic body; its text was ${show(value)}`);
    else if (key === "ticket_uuid" || key === "cost") body[key] = value;
    else
      r.add([key], "dropped", `not a field of the user semantic body; its value ${show(value)} was left out`);
  }
  if (!("semantic" in body)) {
    body.semantic = {};
    r.add(
      ["semantic"],
      "unconvertible",
      "the old body has no semantic data; an empty semantic map was added: fill it in",
    );
  }
  r.lines.unshift({
    path: "(root)",
    change: "converted",
    message:
      "old user verification body became a user semantic body: send it to POST /v1/open-platform/semantic/user/{phone} (spec 4.8), or to the live POST /v1/open-platform/semantic/users/{divar_user_id} with the user's phone added to the body",
  });
  return {
    ok: true,
    kind: "semantic",
    body: orderKeys(body, ["semantic", "ticket_uuid", "cost"]),
    report: r.lines,
    from: "v1",
  };
}

function convertButton(b: unknown, at: PathSegment[], to: string, r: Reporter): Json | undefined {
  if (!isRecord(b)) {
    r.add(at, "unconvertible", `${show(b)} is not a button; left out`);
    return undefined;
  }
  const out: Json = {};
  for (const [key, value] of Object.entries(b)) {
    if (value === null && key !== "caption") {
      r.add([...at, key], "dropped", `null means "not set" on the platform (proto3 JSON); left out of ${to}`);
    } else if ((key === "icon_name" || key === "icon") && value === ZERO_ICON) {
      r.add(
        [...at, key],
        "dropped",
        `UNKNOWN is the unset value of the old SDK (the platform refuses it); left out of ${to}, which shows no icon when it is not set`,
      );
    } else if (key === "caption" || key === "icon_name" || key === "icon") out[key] = value;
    else if (key === "action") {
      const a = convertAction(value, formatPath([...at, key]), `${to}.action`, r);
      if (a) out.action = a;
    } else if (r.leftovers) put(out, key, value);
    else
      r.add(
        [...at, key],
        "dropped",
        `not a field of a v2 chat button; its value ${show(value)} was left out`,
      );
  }
  return out;
}

/** The old send body's button kinds (`sender_btn.action`) and the v2 action each became. */
const OLD_BUTTON_ACTIONS: Record<string, string> = {
  LINK: "open_server_link",
  DIRECT_LINK: "open_direct_link",
};

/**
 * One button of the old send body, `{action: "LINK" | "DIRECT_LINK", data: {caption, icon_name,
 * extra_data, direct_link}}`, as a one-button row of the new shape (migration guide 002). LINK
 * posted extra_data back to the app, as open_server_link does; DIRECT_LINK opened direct_link.
 * The button is kept whatever cannot be converted; what is missing is named in the report.
 */
function convertOldButton(value: Json, at: PathSegment[], target: string, r: Reporter): Json {
  const to = `${target}.rows[0].buttons[0]`;
  const data = isRecord(value.data) ? value.data : {};
  const button: Json = {};
  for (const key of Object.keys(value))
    if (key !== "action" && key !== "data")
      r.add(
        [...at, key],
        "dropped",
        `not part of an old chat button; its value ${show(value[key])} was left out`,
      );
  if (value.data !== undefined && !isRecord(value.data))
    r.add([...at, "data"], "dropped", `${show(value.data)} is not the old button's data; left out`);
  for (const [key, v] of Object.entries(data)) {
    const from = [...at, "data", key];
    if (key === "caption") button.caption = v;
    else if (key === "icon_name" && v !== ZERO_ICON && v !== "" && v !== null) button.icon_name = v;
    else if (key === "icon_name")
      r.add(
        from,
        "dropped",
        `${show(v)} means "no icon" (the unset value of the old SDK); left out of ${to}`,
      );
    else if (key !== "extra_data" && key !== "direct_link")
      r.add(from, "dropped", `not part of a chat button; its value ${show(v)} was left out`);
  }
  const kind =
    typeof value.action === "string" ? own(OLD_BUTTON_ACTIONS, value.action.toUpperCase()) : undefined;
  const extra = data.extra_data;
  const link = data.direct_link;
  if (kind === "open_server_link") {
    const payload = isRecord(extra) ? extra : {};
    button.action = { open_server_link: { data: payload } };
    r.add(
      [...at, "action"],
      "converted",
      `${show(value.action)} became {"open_server_link": {"data": …}} at ${to}.action: the platform posts its data to the app's start address, as the old button did with extra_data`,
    );
    if (extra !== undefined && !isRecord(extra))
      r.add([...at, "data", "extra_data"], "dropped", `${show(extra)} is not an object of data; left out`);
    else if (extra === undefined)
      r.add(
        [...at, "data"],
        "unconvertible",
        `the old button has no extra_data: ${to}.action.open_server_link.data is empty; fill in what the app needs by hand`,
      );
    if (link !== undefined)
      r.add(
        [...at, "data", "direct_link"],
        "dropped",
        `a ${show(value.action)} button opens the app's server link, not an address; its direct_link ${show(link)} was left out (make the button open_direct_link by hand to open it)`,
      );
  } else if (kind === "open_direct_link" && typeof link === "string" && urlProblem(link) === undefined) {
    button.action = { open_direct_link: link };
    r.add(
      [...at, "action"],
      "converted",
      `${show(value.action)} became {"open_direct_link": ${show(link)}} at ${to}.action`,
    );
  } else {
    const why =
      kind === "open_direct_link"
        ? link === undefined
          ? "the old button has no direct_link"
          : `its direct_link ${show(link)} cannot be opened (${urlProblem(String(link)) ?? "not a string"})`
        : `the old action ${show(value.action)} has no v2 form`;
    r.add(
      [...at, "action"],
      "unconvertible",
      `${why}: ${to} was kept without an action; give it one by hand (for example {"open_direct_link": "https://…"})`,
    );
  }
  if (kind !== "open_server_link" && isRecord(extra) && Object.keys(extra).length > 0)
    r.add(
      [...at, "data", "extra_data"],
      "dropped",
      `only a server-link button sends data to the app; its extra_data ${show(extra)} was left out`,
    );
  if (typeof button.caption !== "string")
    r.add(
      [...at, "data", "caption"],
      "unconvertible",
      `the old button has no caption: write ${to}.caption by hand`,
    );
  r.add(at, "converted", `the old button became a one-button row, ${target}.rows[0]`);
  return { rows: [{ buttons: [orderKeys(button, ["action", "icon_name", "caption"])] }] };
}

/** Old button sets are read as {rows: [{buttons}]}, a list of rows, or a flat list of buttons. */
function convertButtonSet(value: unknown, at: PathSegment[], to: string, r: Reporter): Json | undefined {
  /** One row to convert: its buttons, each with the path it had in the input. */
  type Row = { buttons: Array<[unknown, PathSegment[]]>; at: PathSegment[] };
  const rows: Row[] = [];
  if (isRecord(value) && !Array.isArray(value.rows) && ("action" in value || "data" in value))
    return convertOldButton(value, at, to, r);
  const fromRows = (list: unknown[], listAt: PathSegment[]) => {
    list.forEach((row, i) => {
      const rowAt = [...listAt, i];
      if (!isRecord(row) || !Array.isArray(row.buttons)) {
        r.add(rowAt, "unconvertible", `${show(row)} is not a row of buttons; left out`);
        return;
      }
      for (const k of Object.keys(row))
        if (k !== "buttons")
          r.add([...rowAt, k], "dropped", `not part of a v2 row; its value ${show(row[k])} was left out`);
      rows.push({ buttons: row.buttons.map((b, j) => [b, [...rowAt, "buttons", j]]), at: rowAt });
    });
  };
  if (isRecord(value) && Array.isArray(value.rows)) {
    for (const k of Object.keys(value))
      if (k !== "rows")
        r.add([...at, k], "dropped", `not part of a v2 button set; its value ${show(value[k])} was left out`);
    fromRows(value.rows, [...at, "rows"]);
  } else if (Array.isArray(value) && value.every((x) => isRecord(x) && Array.isArray(x.buttons))) {
    fromRows(value, at);
  } else if (Array.isArray(value)) {
    // A flat list: lay it out as the app does, 3 to a row.
    for (let i = 0; i < value.length; i += 3)
      rows.push({
        buttons: value.slice(i, i + 3).map((b, j) => [b, [...at, i + j]]),
        at,
      });
    r.add(at, "converted", "a flat list of buttons became rows of at most 3 buttons");
  } else {
    r.add(at, "unconvertible", `${show(value)} is not a set of buttons; left out`);
    return undefined;
  }
  const outRows: Json[] = [];
  for (const row of rows) {
    const out: Json[] = [];
    for (const [b, bAt] of row.buttons) {
      const c = convertButton(b, bAt, `${to}.rows[${outRows.length}].buttons[${out.length}]`, r);
      if (c) out.push(c);
    }
    if (out.length) outRows.push({ buttons: out });
  }
  return { rows: outRows };
}

/**
 * A chat send body: the old one (user_id, peer_id, post_token, sender_btn, receiver_btn), or a v2
 * one whose leftovers (v1 actions, nulls, UNKNOWN icons) are converted (`from: "v2"`).
 */
function migrateChat(json: Json, from: "v1" | "v2"): MigrationSuccess {
  const r = new Reporter();
  r.leftovers = from === "v2";
  const body: Json = {};
  const lostAddress: string[] = [];
  for (const [key, value] of Object.entries(json)) {
    if (key !== "message" && droppedNull(key, value, r)) continue;
    if (key === "type" || key === "message" || key === "media_token") body[key] = value;
    else if (
      key === "sender_btn" ||
      key === "receiver_btn" ||
      key === "sender_buttons" ||
      key === "receiver_buttons"
    ) {
      const target = key.startsWith("sender") ? "sender_buttons" : "receiver_buttons";
      if (target !== key) r.add([key], "renamed", `renamed to ${target}`);
      const set = convertButtonSet(value, [key], target, r);
      if (set) body[target] = set;
    } else if (key === "user_id" || key === "peer_id" || key === "post_token") {
      lostAddress.push(`${key} ${show(value)}`);
      r.add(
        [key],
        "dropped",
        `removed (spec 2.15): the conversation in the address now decides sender and receiver; its value was ${show(value)}`,
      );
    } else if (from === "v2") put(body, key, value);
    else
      r.add([key], "dropped", `not a field of the chat message body; its value ${show(value)} was left out`);
  }
  const cleaned = dropRemainingNulls("chat", body, r);
  if (from === "v2" && r.lines.length === 0) return unchanged("chat", json);
  if (from === "v1")
    r.add(
      [],
      "unconvertible",
      `the conversation id cannot be derived from the old body${lostAddress.length ? ` (${lostAddress.join(", ")})` : ""}: send this body to POST /v2/open-platform/conversations/{conversation_id}/messages with scope CONVERSATION_SEND_MESSAGE.{conversation_id}; the id arrives in NEW_MESSAGE events (new_message.conversation.id) and in start-address requests (conversation_id)`,
    );
  return {
    ok: true,
    kind: "chat",
    body: orderKeys(cleaned, ["type", "message", "media_token", "sender_buttons", "receiver_buttons"]),
    report: r.lines,
    from,
  };
}

/** A v2 subscription request with its old spellings converted: meta_data, nulls. */
function migrateSubscription(json: Json): MigrationSuccess {
  const r = new Reporter();
  const body: Json = {};
  for (const [key, value] of Object.entries(json)) {
    if (droppedNull(key, value, r)) continue;
    if (key === "meta_data" && json.metadata !== undefined && json.metadata !== null)
      r.add([key], "dropped", `metadata is set too and is kept; meta_data ${show(value)} was left out`);
    else if (key === "meta_data") {
      put(body, "metadata", value);
      r.add([key], "renamed", "renamed to metadata: the live platform has only metadata");
    } else put(body, key, value);
  }
  if (r.lines.length === 0) return unchanged("subscription", json);
  return { ok: true, kind: "subscription", body, report: r.lines, from: "v2" };
}

/** A delivered event with the older payload name of a payment event (payment_transaction). */
function migrateEvent(json: Json): MigrationSuccess {
  const r = new Reporter();
  const body: Json = {};
  for (const [key, value] of Object.entries(json)) {
    if (key === "payment_transaction" && json.transaction === undefined) {
      put(body, "transaction", value);
      r.add(
        [key],
        "renamed",
        "renamed to transaction: the event reference names a PAYMENT_TRANSACTION payload transaction (an older docs page writes payment_transaction)",
      );
    } else put(body, key, value);
  }
  if (r.lines.length === 0) return unchanged("event", json);
  return { ok: true, kind: "event", body, report: r.lines, from: "v2" };
}

function migrateChatRead(json: Json): MigrationSuccess {
  const r = new Reporter();
  const body: Json = { event_type: "NEW_MESSAGE_ON_POST" };
  r.add(
    [],
    "converted",
    "the deprecated chat-read registration (POST /v1/open-platform/notify/chat/post-conversations, spec 4.12) became an event subscription: send it to POST /v1/open-platform/events/subscriptions (spec 4.4) with an API key holding EVENTS_REGISTER_SUBSCRIPTION and a token holding CHAT_POST_CONVERSATIONS_READ.{post_token}; deliveries arrive as NEW_MESSAGE events, and the subscription must be created again after each token refresh",
  );
  for (const [key, value] of Object.entries(json)) {
    if (key === "post_token") {
      body.event_resource_id = value;
      r.add([key], "moved", "moved to event_resource_id");
    } else if (key === "endpoint")
      r.add(
        [key],
        "dropped",
        `the address that receives events is now set once, as the app's event address in the developer panel: set it to ${show(value)} there`,
      );
    else if (key === "identification_key")
      r.add(
        [key],
        "dropped",
        "the identification key is now set in the developer panel, and each delivery carries it in the Authorization header: set it there (its value is not repeated here: it is a secret)",
      );
    else if (key === "event_type" || key === "event_resource_id" || key === "metadata") put(body, key, value);
    else
      r.add(
        [key],
        "dropped",
        `not a field of the event subscription request; its value ${show(value)} was left out`,
      );
  }
  return { ok: true, kind: "subscription", body, report: r.lines, from: "v1" };
}

/**
 * Leaves out the nulls on optional fields that the walk above does not reach (inside actions, for
 * example), with a report line each, so no null is ever exported.
 */
function dropRemainingNulls(kind: "post" | "user" | "chat", body: Json, r: Reporter): Json {
  const found: Problem[] = [];
  const out = withoutNulls(BODY_SCHEMAS[kind], body, [], found);
  for (const p of found)
    r.add(p.path, "dropped", `null means "not set" on the platform (proto3 JSON); left out of ${p.at}`);
  return isRecord(out) ? out : body;
}

function orderKeys(body: Json, order: readonly string[]): Json {
  const out: Json = {};
  for (const k of order) if (Object.hasOwn(body, k)) put(out, k, body[k]);
  for (const k of Object.keys(body)) if (!Object.hasOwn(out, k)) put(out, k, body[k]);
  return out;
}

function unchanged(kind: MigrationKind, json: Json): MigrationSuccess {
  return { ok: true, kind, body: json, report: [], from: "v2" };
}

function has(json: Json, keys: readonly string[]): boolean {
  return keys.some((k) => k in json);
}

/**
 * Recognises a v1 or v2 body (post or user add-on, user verification / semantic, chat send,
 * chat-read registration / event subscription) and converts v1 to v2, with a report.
 */
export function migrateBody(json: unknown, options: MigrateOptions = {}): MigrationResult {
  if (!isRecord(json))
    return {
      ok: false,
      message: `expected a JSON object (a post or user add-on, user semantic, chat message or event subscription body), but got ${Array.isArray(json) ? "an array" : json === null ? "null" : `a ${typeof json}`}`,
    };
  if ("widgets" in json) {
    const w = json.widgets;
    const kind = options.kind ?? (has(json, [...USER_ONLY_V1, ...USER_V2_KEYS]) ? "user" : "post");
    if (!isRecord(w) && !Array.isArray(w))
      return {
        ok: false,
        message: `widgets is ${show(w)}: a v2 body has a widgets array, a v1 body has widgets: {widget_list: [...]}`,
      };
    const v1 =
      isRecord(w) ||
      w.some(isV1Widget) ||
      has(json, [...SENSITIVE, ...USER_ONLY_V1]) ||
      (kind === "user" && "notes" in json);
    return migrateAddon(kind, json, v1 ? "v1" : "v2");
  }
  if ("event_type" in json && !has(json, ["endpoint", "identification_key", "post_token"]))
    return migrateSubscription(json);
  if ("type" in json && !("message" in json) && typeof json.type === "string" && json.type !== "TEXT")
    return migrateEvent(json);
  if (
    has(json, ["endpoint", "identification_key"]) ||
    (Object.keys(json).every((k) => CHAT_READ_V1.includes(k)) && "post_token" in json)
  )
    return migrateChatRead(json);
  // user_id / peer_id / post_token mark the old body; old buttons alone are leftovers in a v2 body.
  if (has(json, ["user_id", "peer_id"]) || ("message" in json && "post_token" in json))
    return migrateChat(json, "v1");
  if (has(json, CHAT_V1)) return migrateChat(json, "v2");
  if ("message" in json || "media_token" in json) {
    const buttonsV1 = ["sender_buttons", "receiver_buttons"].some((k) => {
      const set = json[k];
      return set !== undefined && !(isRecord(set) && Array.isArray(set.rows));
    });
    return migrateChat(json, buttonsV1 ? "v1" : "v2");
  }
  // notes alone says too little; with semantic data it marks the old verification body. A phone
  // beside semantic is the live route's body (semantic-by-id), not a leftover.
  if (has(json, [...SENSITIVE, "verification_cost"]) || ("semantic" in json && "notes" in json))
    return migrateVerification(json);
  if ("semantic" in json) return unchanged("semantic", json);
  const keys = Object.keys(json);
  return {
    ok: false,
    message: `this is neither a v1 nor a v2 body${keys.length ? ` (its fields: ${keys.slice(0, 8).join(", ")})` : " (it is an empty object)"}: expected widgets (post or user add-on), semantic (user semantic), message (chat), or event_type / post_token + endpoint (event subscription). Widget kinds in v2: ${WIDGET_KINDS.join(", ")}`,
  };
}

/** One report line as the CLI prints it: `<path>: <change>: <message>`. */
export function formatChange(c: MigrationChange): string {
  return `${c.path}: ${c.change}: ${c.message}`;
}
