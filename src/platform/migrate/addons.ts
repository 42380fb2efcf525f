// Post and user add-on bodies and the old verification body.
import { isRecord } from "../json";
import type { PathSegment } from "../problems";
import { type MigrationSuccess, Reporter } from "./report";
import { dropRemainingNulls, type Json, orderKeys, put, show, unchanged } from "./shared";
import { convertWidgets } from "./widgets";

// ---------------------------------------------------------------------------------------------
// Bodies

export const SENSITIVE = ["semantic_sensitives", "sensitive_semantics"];
export const USER_ONLY_V1 = ["verification_cost", "phone", "management_permalink"];
export const USER_V2_KEYS = ["ticket_uuid", "cost", "categories"];
export const CHAT_V1 = ["user_id", "peer_id", "sender_btn", "receiver_btn"];
export const CHAT_READ_V1 = ["post_token", "endpoint", "identification_key"];

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
export function droppedNull(key: string, value: unknown, r: Reporter): boolean {
  if (value !== null) return false;
  r.add([key], "dropped", 'null means "not set" on the platform (proto3 JSON); left out');
  return true;
}

/**
 * A post or user add-on: from v1 (`from: "v1"`), or a v2 body whose v1 leftovers are converted
 * (`from: "v2"`; unknown fields stay, for validation to name).
 */
export function migrateAddon(kind: "post" | "user", json: Json, from: "v1" | "v2"): MigrationSuccess {
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

export function migrateVerification(json: Json): MigrationSuccess {
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
