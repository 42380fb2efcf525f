import * as z from "zod";
import {
  postAddonScope,
  USER_ADDON_CREATE,
  USER_PHONE,
  USER_VERIFICATION_CREATE,
} from "../../platform/scopes";
import type { ProxyClient, ProxyResult, ProxySession, Published } from "../proxy/proxy-client";
import { describeTarget, type HistoryEntry, historyEntryFor } from "../proxy/publish-history";
import { scopesToSignInFirst } from "../proxy/sign-in-first";
import type { SendOutcome } from "../proxy/use-send-flow";
import { needsOf } from "./op-needs";

const text = z.string().min(1);

/** The same operation for a user named by divar_user_id (phone only for the semantic routes) or by phone. */
function userOp<const O extends string>(op: O) {
  return [
    z.object({ op: z.literal(op), divarUserId: text, phone: text.optional() }),
    z.object({ op: z.literal(op), phone: text }),
  ] as const;
}

/**
 * What the publish panel's one flow does. The send flow keeps it as a flat string map (so it survives
 * the consent page and resumes as `resume=publish`); it is parsed back with this schema. A union
 * discriminated by `op` (publish and the semantic pair have two shapes each, post or user, user by id
 * or phone, which `z.discriminatedUnion` refuses as duplicate keys), tried in order.
 */
export const publishOpSchema = z.union([
  z.object({ op: z.literal("publish"), postToken: text }),
  ...userOp("publish"),
  z.object({ op: z.literal("deletePost"), postToken: text }),
  z.object({ op: z.literal("deleteUserAddon"), addonId: text }),
  ...userOp("semantic"),
  ...userOp("deleteSemantic"),
  z.object({ op: z.literal("phones") }),
]);
/** One operation of the publish panel. */
export type PublishOp = z.infer<typeof publishOpSchema>;
/** The operation names. */
export type OpName = PublishOp["op"];
type OpOf<K extends OpName> = Extract<PublishOp, { op: K }>;

/** The flat map the send flow stores (string values only). */
export function recordOf(op: PublishOp): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(op)) if (typeof v === "string") out[k] = v;
  return out;
}

/** Reads a stored target back; one without `op` is a publish (older pending actions). */
export function opFrom(t: Record<string, string>): PublishOp | undefined {
  const parsed = publishOpSchema.safeParse({ op: "publish", ...t });
  return parsed.success ? parsed.data : undefined;
}

/** The user add-on's id, from the 4.7 answer `{id}`. */
const addonIdSchema = z.looseObject({ id: z.union([z.string(), z.number()]) });
/** The id a user add-on publish answered with, if any. */
export function addonIdOf(outcome: SendOutcome): string | undefined {
  if (outcome.status !== "success") return undefined;
  const parsed = addonIdSchema.safeParse(outcome.published.result);
  return parsed.success ? String(parsed.data.id) : undefined;
}

/** The post page address for a token, from the proxy's `{post_token}` template. */
export function postPage(template: string | null | undefined, token: string): string | undefined {
  return template ? template.replace("{post_token}", encodeURIComponent(token)) : undefined;
}

/** A page that shows what an operation did, and how a link to it reads. */
export interface ResultPage {
  url: string;
  label: string;
}

/**
 * Where to see what a finished operation did: the post's page after a post publish; after a user
 * add-on or a semantic change, the user's page on the emulator (the platform has no such page).
 */
export function resultPage(
  op: PublishOp | undefined,
  outcome: SendOutcome,
  session: Pick<ProxySession, "postPageUrl" | "emulator"> | null,
): ResultPage | undefined {
  if (!op || outcome.status !== "success") return undefined;
  if (op.op === "publish" && "postToken" in op) {
    const url = outcome.published.postPageUrl || postPage(session?.postPageUrl, op.postToken);
    return url ? { url, label: "Open the post's page" } : undefined;
  }
  const template = session?.emulator?.userPageUrl;
  if (!template || !(op.op === "publish" || op.op === "semantic" || op.op === "deleteSemantic"))
    return undefined;
  // The emulator files a user under the id the route named: divar_user_id when given, else the phone.
  const key = "divarUserId" in op && op.divarUserId !== undefined ? op.divarUserId : op.phone;
  return key
    ? {
        url: template.replace("{user}", encodeURIComponent(key)),
        label: "Open the user's page on the emulator",
      }
    : undefined;
}

/** Where an operation's outcome shows: beside the Publish button, or beside the semantic buttons. */
export function outcomeSlot(op: PublishOp | undefined): "main" | "semantic" {
  return op?.op === "semantic" || op?.op === "deleteSemantic" ? "semantic" : "main";
}

/**
 * The 2.12 body made from a user add-on: its semantic, and ticket_uuid and cost when set; on the
 * live route by divar_user_id also the user's phone, which that route requires in the body.
 */
export function semanticBodyOf(
  body: Record<string, unknown>,
  phone: string | undefined,
): Record<string, unknown> {
  const out: Record<string, unknown> = { semantic: body.semantic ?? {} };
  if (phone !== undefined) out.phone = phone;
  if (body.ticket_uuid !== undefined) out.ticket_uuid = body.ticket_uuid;
  if (body.cost !== undefined) out.cost = body.cost;
  return out;
}

/** What a row's send may use besides the operation. */
export interface SendContext {
  client: ProxyClient;
  body: unknown;
  returnTo: string;
  /** Receives the user's own phone numbers (the `phones` operation). */
  onPhones: (numbers: string[]) => void;
}

interface OpRow<K extends OpName> {
  /** What a finished operation did, in the words of the outcome. */
  done: (op: OpOf<K>, outcome: SendOutcome) => string;
  /** The history's short word for it. */
  detail: (op: OpOf<K>, outcome: SendOutcome) => string;
  /** Which history list it belongs to. */
  kind: (op: OpOf<K>) => HistoryEntry["kind"];
  /**
   * The scopes to ask for when the platform answers 401, given those the session holds; with none
   * held, those the proxy's own 401 not_signed_in asks for (what a signed-out editor signs in for).
   */
  scopes: (op: OpOf<K>, held: readonly string[]) => string[];
  send: (op: OpOf<K>, ctx: SendContext) => Promise<ProxyResult<Published>>;
}

const heldOrPhone = (held: readonly string[]) => (held.length ? [...held] : [USER_PHONE]);
const userOf = (
  op:
    | { divarUserId?: string | undefined; phone: string }
    | { divarUserId: string; phone?: string | undefined },
) =>
  op.divarUserId !== undefined
    ? op.phone !== undefined
      ? { divarUserId: op.divarUserId, phone: op.phone }
      : { divarUserId: op.divarUserId }
    : { phone: op.phone ?? "" };

/** Every operation's texts, scopes and request, one row each. */
export const PUBLISH_OPS: { [K in OpName]: OpRow<K> } = {
  publish: {
    done: (op, outcome) => {
      const id = addonIdOf(outcome);
      const who = describeTarget(recordOf(op));
      return `Published to ${"postToken" in op ? who : `the ${who}`}${id ? ` (add-on id ${id})` : ""}.`;
    },
    detail: (_op, outcome) => {
      const id = addonIdOf(outcome);
      return id ? `published (add-on id ${id})` : "published";
    },
    kind: (op) => ("postToken" in op ? "post" : "user"),
    scopes: (op, held) => [...held, "postToken" in op ? postAddonScope(op.postToken) : USER_ADDON_CREATE],
    send: (op, { client, body, returnTo }) =>
      "postToken" in op
        ? client.publishPost(op.postToken, body, returnTo)
        : client.publishUser(userOf(op), body, returnTo),
  },
  deletePost: {
    done: (op) => `Removed this app's add-ons from ${describeTarget(recordOf(op))}.`,
    detail: () => "add-ons removed",
    kind: () => "post",
    scopes: (op, held) => [...held, postAddonScope(op.postToken)],
    send: (op, { client, returnTo }) => client.deletePostAddons(op.postToken, returnTo),
  },
  deleteUserAddon: {
    done: (op) => `Removed ${describeTarget(recordOf(op))}.`,
    detail: () => "removed",
    kind: () => "user",
    scopes: (_op, held) => heldOrPhone(held),
    send: (op, { client, returnTo }) => client.deleteUserAddon(op.addonId, returnTo),
  },
  semantic: {
    done: (op) => `Saved the semantic of the ${describeTarget(recordOf(op))}.`,
    detail: () => "semantic saved",
    kind: () => "semantic",
    // The live route by divar_user_id needs USER_VERIFICATION_CREATE (src/server/routes/api-routes.ts).
    scopes: (op, held) => ("divarUserId" in op ? [...held, USER_VERIFICATION_CREATE] : heldOrPhone(held)),
    send: (op, { client, body, returnTo }) => client.publishSemantic(userOf(op), body, returnTo),
  },
  deleteSemantic: {
    done: (op) => `Deleted the semantic of the ${describeTarget(recordOf(op))}.`,
    detail: () => "semantic deleted",
    kind: () => "semantic",
    scopes: (_op, held) => heldOrPhone(held),
    send: (op, { client, returnTo }) => client.deleteSemantic(userOf(op), returnTo),
  },
  phones: {
    done: () => "Your phone numbers are in the list “My phone numbers” above: choose the one to publish to.",
    detail: (_op, outcome) => {
      const id = addonIdOf(outcome);
      return id ? `published (add-on id ${id})` : "published";
    },
    kind: () => "user",
    scopes: (_op, held) => [...held, USER_PHONE],
    send: (_op, { client, returnTo, onPhones }) =>
      client.phones(returnTo).then((r): ProxyResult<Published> => {
        if (!r.ok) return r;
        onPhones(r.value.phone_numbers);
        return { ok: true, value: { ok: true } };
      }),
  },
};

// One generic call per field keeps the row's operation type and the row together.
function rowOf<K extends OpName>(op: OpOf<K>): OpRow<K> {
  return PUBLISH_OPS[op.op as K];
}

/** The outcome text for a finished operation. */
export function doneText(op: PublishOp, outcome: SendOutcome): string {
  return rowOf(op).done(op, outcome);
}

/** The history's short word for a finished operation. */
export function historyDetail(op: PublishOp, outcome: SendOutcome): string {
  return rowOf(op).detail(op, outcome);
}

/** The history list a finished operation belongs to. */
export function historyKind(op: PublishOp): HistoryEntry["kind"] {
  return rowOf(op).kind(op);
}

/** The scopes to ask for after a 401; a target that does not parse keeps what the session holds. */
export function scopesFor(op: PublishOp | undefined, held: readonly string[]): string[] {
  return op ? rowOf(op).scopes(op, held) : heldOrPhone(held);
}

/**
 * What a signed-out editor signs in for before sending a stored target (`held`: the scopes a signed-out
 * session still names, src/editor/proxy/sign-in-first.ts); undefined when signed in or not known, and
 * for a target that does not parse (never sent, so nothing to sign in for).
 */
export function signInScopesFor(
  target: Record<string, string>,
  held: readonly string[] | undefined,
): string[] | undefined {
  const op = opFrom(target);
  return op && held ? rowOf(op).scopes(op, held) : undefined;
}

/**
 * The send flow's scope questions for the publish panel: what to ask for after the platform's own 401
 * (what the session holds plus what this needs), and what to sign in for before sending at all when
 * the editor knows it is signed out, or signed in without what the operation needs, so no request
 * only a 401 or 403 could answer is sent.
 */
export function flowScopes(client: Pick<ProxyClient, "session">, session: ProxySession | null) {
  return {
    authorizeScopes: (t: Record<string, string>) => scopesFor(opFrom(t), session?.scopes ?? []),
    signInFirst: async (t: Record<string, string>) => {
      const op = opFrom(t);
      return op && scopesToSignInFirst(client, session, needsOf(op), (held) => signInScopesFor(t, held));
    },
  };
}

const NO_TARGET = { ok: false, kind: "unreachable", message: "No target was given." } as const;

/** Sends one operation through the proxy; a target that does not parse is never sent. */
export function sendOp(op: PublishOp | undefined, ctx: SendContext): Promise<ProxyResult<Published>> {
  return op ? rowOf(op).send(op, ctx) : Promise.resolve(NO_TARGET);
}

/** The history entry of a finished operation: its page, and a published user add-on's id for removal. */
export function historyEntryOf(
  op: PublishOp,
  target: Record<string, string>,
  outcome: SendOutcome,
  session: Pick<ProxySession, "postPageUrl" | "emulator"> | null,
  now = new Date(),
): HistoryEntry | undefined {
  const page = resultPage(op, outcome, session)?.url;
  const entry = historyEntryFor(historyKind(op), target, outcome, page, now, historyDetail(op, outcome));
  const id = addonIdOf(outcome);
  return entry && op.op === "publish" && id ? { ...entry, addonId: id } : entry;
}
