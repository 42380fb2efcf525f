import { WIDGET_KINDS } from "../../widgets/registry";
import { isRecord } from "../json";
import { assertKind } from "../validate/kinds";
import {
  CHAT_READ_V1,
  CHAT_V1,
  migrateAddon,
  migrateVerification,
  SENSITIVE,
  USER_ONLY_V1,
  USER_V2_KEYS,
} from "./addons";
import { migrateChat, migrateChatRead, migrateEvent, migrateSubscription } from "./chat";
import { isEmptyGrid } from "./chat-buttons";
import type { MigrateOptions, MigrationResult } from "./report";
import { has, show, unchanged } from "./shared";
import { isV1Widget } from "./widgets";

/**
 * v1 -> v2 migration of whole bodies (spec 2.10-2.15, 4.12; platform facts "v1 widgets").
 * Pure functions: JSON in, JSON and a report out. Whatever cannot be carried over is named in
 * the report with its path and its content, so nothing the user wrote is lost without a word.
 */

/**
 * Recognises a v1 or v2 body (post or user add-on, user verification / semantic, chat send,
 * chat-read registration / event subscription) and converts v1 to v2, with a report.
 */
export function migrateBody(json: unknown, options: MigrateOptions = {}): MigrationResult {
  assertOptions(options);
  if (!isRecord(json))
    return {
      ok: false,
      message: `expected a JSON object (a post or user add-on, user semantic, chat message or event subscription body), but got ${Array.isArray(json) ? "an array" : json === null ? "null" : json === undefined ? "nothing (undefined)" : `a ${typeof json}`}`,
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
      return set !== undefined && !(isRecord(set) && Array.isArray(set.rows)) && !isEmptyGrid(set);
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

export type {
  MigrateOptions,
  MigrationChange,
  MigrationFailure,
  MigrationKind,
  MigrationResult,
  MigrationSuccess,
} from "./report";
export { formatChange } from "./report";
export { V1_WIDGET_MODELS } from "./widget-plans";

/**
 * Refuses options plain JavaScript allows and the types do not (`null`, `{kind: "chat"}`): a clear
 * TypeError, not an add-on migrated as a kind the platform has no route for.
 */
function assertOptions(options: unknown): void {
  if (options === undefined) return;
  if (!isRecord(options))
    throw new TypeError(
      `migrateBody(body, options?): options is an object such as { kind: "user" }, or left out; got ${options === null ? "null" : typeof options}`,
    );
  if (options.kind !== undefined)
    assertKind(
      "migrateBody",
      options.kind,
      ["post", "user"],
      " (the add-on's kind), or leave it out to tell from the body",
    );
}
