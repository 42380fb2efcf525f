// v1 actions to v2 (spec 2.14; facts "Actions").
import { ACTION_KINDS, urlProblem } from "../actions";
import { isRecord } from "../json";
import type { Reporter } from "./report";
import { childPath, type Json, show } from "./shared";

// ---------------------------------------------------------------------------------------------
// Actions (spec 2.14; facts "Actions")

function isV2Action(a: Json): boolean {
  return ACTION_KINDS.some((k) => k in a);
}

/**
 * Converts one action. Returns undefined (after reporting) when it cannot be converted; the
 * caller decides whether that loses the field or the whole widget.
 */
export function convertAction(value: unknown, at: string, to: string, r: Reporter): Json | undefined {
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
