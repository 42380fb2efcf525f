// v1 widget lists and v2 widgets with v1 leftovers (spec 2.13; facts "v1 widgets").
import { isWidgetKind } from "../../widgets/registry";
import { isRecord, own } from "../json";
import { formatPath, type PathSegment } from "../problems";
import type { Reporter } from "./report";
import { childPath, type Json, put, show, WRAPPER_KEYS } from "./shared";
import { NO_V2_COUNTERPART, planOfKind, plans } from "./widget-plans";
import { convertWidgetData } from "./widget-values";

/** Reads a v1 icon wrapper ({icon_name, icon_color}); reports what is dropped, returns the name. */
export function iconWrapperName(value: unknown, at: string, r: Reporter): string | undefined {
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

export function isV1Widget(w: unknown): w is Json {
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
  // Without a v1 marker it is no v1 widget (a typo'd kind such as title_rows, say): it stays as
  // written so validation names it at its JSON path; dropping it would lose what the user made.
  if (!isV1Widget(w)) return w;
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

export function convertWidgets(value: unknown, at: PathSegment[], r: Reporter): unknown[] {
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
