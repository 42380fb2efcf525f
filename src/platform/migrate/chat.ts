// Chat send bodies, chat-read registrations and event subscriptions.
import { droppedNull } from "./addons";
import { convertButtonSet } from "./chat-buttons";
import { type MigrationSuccess, Reporter } from "./report";
import { dropRemainingNulls, type Json, orderKeys, put, show, unchanged } from "./shared";

/**
 * A chat send body: the old one (user_id, peer_id, post_token, sender_btn, receiver_btn), or a v2
 * one whose leftovers (v1 actions, nulls, UNKNOWN icons) are converted (`from: "v2"`).
 */
export function migrateChat(json: Json, from: "v1" | "v2"): MigrationSuccess {
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
export function migrateSubscription(json: Json): MigrationSuccess {
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
export function migrateEvent(json: Json): MigrationSuccess {
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

export function migrateChatRead(json: Json): MigrationSuccess {
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
