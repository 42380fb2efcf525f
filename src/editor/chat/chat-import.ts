import { isRecord } from "../../platform/json";
import { type MigrationChange, migrateBody } from "../../platform/migrate";
import { parseImportText } from "../json/import-body";
import { newId } from "../store/document";
import { type ChatDraft, type ChatRowItem, SIDE_KEYS } from "./chat-document";

/** A chat message body read into the composer, with what the migration changed on the way. */
export type ChatImport =
  | {
      ok: true;
      draft: ChatDraft;
      from: "v1" | "v2";
      report: readonly MigrationChange[];
      /** Fields of the body the composer has no place for (none in a body the contract accepts). */
      leftOut: string[];
    }
  | { ok: false; message: string };

const KEPT = " The message you are composing was not changed.";

/** A side's `{rows: [{buttons: [...]}]}` as the composer holds it; buttons are kept as written. */
function rowsOf(value: unknown): ChatRowItem[] | string {
  if (value === undefined) return [];
  if (!isRecord(value)) return "is not an object with rows";
  const rows = value.rows ?? [];
  if (!Array.isArray(rows)) return "rows is not an array";
  const out: ChatRowItem[] = [];
  for (const [i, row] of rows.entries()) {
    const buttons = isRecord(row) ? row.buttons : undefined;
    if (!Array.isArray(buttons)) return `rows[${i}] has no buttons array`;
    const items = [];
    for (const [j, b] of buttons.entries()) {
      if (!isRecord(b)) return `rows[${i}].buttons[${j}] is not a button object`;
      items.push({ id: newId(), value: { ...b } });
    }
    out.push({ id: newId(), buttons: items });
  }
  return out;
}

/**
 * Reads a chat message body (spec 4.10; the old send body is migrated, with a report) into a draft
 * that keeps `keep`'s conversation and app name. Buttons the contract refuses are kept as written,
 * so the composer lists their problems; what cannot be a message at all is refused with why.
 */
export function importChatText(
  text: string,
  keep: Pick<ChatDraft, "conversationId" | "appName">,
): ChatImport {
  const parsed = parseImportText(text, "the message you are composing");
  if (!parsed.ok) return parsed;
  const res = migrateBody(parsed.value);
  if (!res.ok)
    return { ok: false, message: `${res.message[0]?.toUpperCase()}${res.message.slice(1)}.${KEPT}` };
  if (res.kind !== "chat")
    return {
      ok: false,
      message: `This is not a chat message body (it reads as a ${res.kind} body): import add-ons in the Add-on tab's JSON panel.${KEPT}`,
    };
  const body = res.body;
  if (typeof body.message !== "string")
    return { ok: false, message: `A chat message body needs message, the text to send.${KEPT}` };
  if (body.media_token !== undefined)
    return {
      ok: false,
      message: `This message carries media_token: the composer writes text messages only, so it would be lost.${KEPT}`,
    };
  const sender = rowsOf(body[SIDE_KEYS.sender]);
  if (typeof sender === "string") return { ok: false, message: `${SIDE_KEYS.sender} ${sender}.${KEPT}` };
  const receiver = rowsOf(body[SIDE_KEYS.receiver]);
  if (typeof receiver === "string")
    return { ok: false, message: `${SIDE_KEYS.receiver} ${receiver}.${KEPT}` };
  return {
    ok: true,
    draft: {
      message: body.message,
      sender,
      receiver,
      conversationId: keep.conversationId,
      appName: keep.appName,
    },
    from: res.from,
    report: res.report,
    // type: "TEXT" is what the old body's migration keeps; the composer writes text messages only.
    leftOut: Object.keys(body).filter(
      (k) =>
        !["message", SIDE_KEYS.sender, SIDE_KEYS.receiver].includes(k) &&
        !(k === "type" && body.type === "TEXT"),
    ),
  };
}
