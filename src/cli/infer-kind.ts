import { isRecord } from "../platform/json";
import { CHAT_V1 } from "../platform/migrate/addons";
import { closestName } from "../platform/names";
import type { CheckKind } from "../platform/validate";

/** The payload fields of a delivered event (spec 6.2). */
const EVENT_PAYLOADS = [
  "new_message",
  "new_chatbot_message",
  "post_update",
  "user_access_revocation",
  "transaction",
];

/**
 * Fields only a delivered event has in the platform's older documents: the payment payload under its
 * older name, and the old shape of spec 6.3.7 (`{type: "CHAT_MESSAGE", payload, timestamp}`). The
 * event check names what replaced each, so the body is checked as an event rather than left unchecked.
 */
const OLD_EVENT_FIELDS = ["payment_transaction", "payload", "timestamp"];

/** Fields of the deprecated chat-read registration (spec 4.12) that a subscription request replaced. */
const CHAT_READ_FIELDS = ["endpoint", "identification_key"];

/** Fields only a user add-on has (spec 2.11); a post add-on has `notes` instead. */
const USER_ONLY = ["categories", "ticket_uuid", "cost"];

/** The unknown keys an undecided body's message names; the rest are counted. */
const NAMED_MAX = 5;

/** Whether `widgets` has v1's shape: `{widget_list: [...]}`, or widgets written `{widget_type, data}`. */
function isV1Widgets(widgets: unknown): boolean {
  if (isRecord(widgets)) return Object.hasOwn(widgets, "widget_list");
  return Array.isArray(widgets) && widgets.some((w) => isRecord(w) && Object.hasOwn(w, "widget_type"));
}

/**
 * The kind a body says it is by its fields, for `validate` without --kind; a string saying why
 * when the fields do not tell (a body with only `widgets` is a post or a user add-on alike).
 */
export function inferKind(json: unknown): CheckKind | { unknown: string; advice?: string } {
  if (!isRecord(json))
    return {
      unknown: `it is ${Array.isArray(json) ? "a JSON array" : json === null ? "null" : `a ${typeof json}`}, not a JSON object`,
      advice:
        "write one body per file, as a JSON object ({...}), or pass --kind <kind> to check it as that kind",
    };
  const has = (k: string) => Object.hasOwn(json, k);
  if (has("event_type")) return "subscription";
  if (has("type") && EVENT_PAYLOADS.some(has)) return "event";
  const chat = has("message") || has("media_token") || has("sender_buttons") || has("receiver_buttons");
  if (has("type") && !chat && !has("widgets") && OLD_EVENT_FIELDS.some(has)) return "event";
  // The old chat send body (user_id, peer_id, sender_btn, receiver_btn): the chat check names what replaced each.
  if (chat || (!has("widgets") && !has("semantic") && CHAT_V1.some(has))) return "chat";
  if (has("widgets")) {
    if (USER_ONLY.some(has)) return "user";
    if (has("notes")) return "post";
    if (isV1Widgets(json.widgets))
      return {
        unknown:
          "it is a v1 add-on (widgets.widget_list, or widgets with widget_type), a post or a user add-on alike",
        advice:
          "pass --kind post or --kind user to see what v2 refuses, or convert it first with `addon-studio migrate <file>`",
      };
    // Only widgets (and semantic): the post and the user add-on check these fields alike (bodies.ts),
    // so the verdict is the same either way; it is checked as the post add-on (the studio's own
    // "Download JSON" of either kind is such a body).
    const others = Object.keys(json).filter((k) => k !== "widgets" && k !== "semantic");
    if (others.length === 0) return "post";
    // The keys that left it undecided are of neither add-on: named, with the one each likely misspells.
    const named = others.slice(0, NAMED_MAX).map((k) => {
      const near = closestName(k, [...USER_ONLY, "notes", "widgets", "semantic"]);
      if (!near) return k;
      const whose =
        near === "notes" ? "of a post add-on" : USER_ONLY.includes(near) ? "of a user add-on" : "of both";
      return `${k} (did you mean ${near}, ${whose}?)`;
    });
    if (others.length > NAMED_MAX) named.push(`${others.length - NAMED_MAX} more`);
    return {
      unknown: `${named.join(", ")} ${others.length === 1 ? "is a field" : "are fields"} of neither the post nor the user add-on, so the body's fields do not say which it is`,
      advice:
        "correct the key, or pass --kind post or --kind user to check it as that kind (each names the fields it does not have)",
    };
  }
  // The deprecated chat-read registration: the subscription check says where each field went.
  if (CHAT_READ_FIELDS.some(has)) return "subscription";
  // The live route by divar_user_id takes the phone in its body; the spec's route by phone does not.
  if (has("semantic")) return has("phone") ? "semantic-by-id" : "semantic";
  return { unknown: "its fields do not say which body it is" };
}
