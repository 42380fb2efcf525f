import * as z from "zod";
import scopeNames from "./data/scope-names.json";

/**
 * Scope grammar (spec 2.2): `SCOPE` (general) or `SCOPE.IDENTIFIER` (tied to one object such as a post
 * token or a conversation id). The name part is upper snake case on the wire, except `offline_access`,
 * which the live platform requires in lower case (facts "OAuth"), and `openid`, which its OpenAPI lists
 * in lower case beside it.
 */
const SCOPE_RE = /^(?:offline_access|openid|[A-Z][A-Z0-9_]*(?:\.[A-Za-z0-9_-]+)?)$/;

export const OFFLINE_ACCESS = "offline_access";

/**
 * An identifier as a scope can carry it (`SCOPE.IDENTIFIER`, at most 128 characters): a conversation
 * id, a divar_user_id, a user add-on id in a path (the proxy checks them; the chat composer too).
 */
export const SCOPE_ID_PATTERN = /^[A-Za-z0-9_-]{1,128}$/;

/** One scope string, `SCOPE` or `SCOPE.IDENTIFIER` (spec 2.2). */
export const scopeSchema = z
  .string()
  .regex(SCOPE_RE, "A scope is SCOPE or SCOPE.IDENTIFIER, e.g. POST_ADDON_CREATE.gZ3kQx9aB1cD or USER_PHONE")
  // Upper case matches the grammar, but the platform would not recognise it and return no refresh token.
  .refine(
    (s) => s !== "OFFLINE_ACCESS",
    "offline_access is written in lower case on the wire: write offline_access",
  )
  .refine((s) => s !== "OPENID", "openid is written in lower case on the wire: write openid");
export type Scope = z.infer<typeof scopeSchema>;

const KNOWN_NAMES: ReadonlySet<string> = new Set(scopeNames);

/**
 * The scopes of `scopes` whose name (the part before the dot) is not among the platform's list
 * (data/scope-names.json, from its OpenAPI). The list is closed at the platform; the live one may
 * have grown since the copy, so only the emulator refuses such a scope.
 */
export function unknownScopes(scopes: readonly string[]): string[] {
  return scopes.filter((s) => !KNOWN_NAMES.has(splitScope(s).name));
}

/** A parsed scope: its name and, for object scopes, the identifier. */
export interface ParsedScope {
  name: string;
  identifier?: string;
}

/** Splits `SCOPE.IDENTIFIER` into its two parts (spec 2.2). */
export function splitScope(scope: string): ParsedScope {
  const dot = scope.indexOf(".");
  if (dot < 0) return { name: scope };
  return { name: scope.slice(0, dot), identifier: scope.slice(dot + 1) };
}

/**
 * Parses a space-separated scope list (spec 2.2, 2.5 `scope`); also accepts `+` and `%20` separators
 * because a list copied out of a URL may carry either. Throws on a malformed scope.
 */
export function parseScopes(value: string): Scope[] {
  const parts = value
    .replace(/%20|\+/g, " ")
    .split(/\s+/)
    .filter((s) => s !== "");
  const out: Scope[] = [];
  for (const part of parts) {
    const scope = scopeSchema.parse(part);
    if (!out.includes(scope)) out.push(scope);
  }
  return out;
}

/** Like parseScopes but returns null instead of throwing (and for no value: a token answer without `scope`). */
export function tryParseScopes(value: string | undefined): Scope[] | null {
  if (value === undefined) return null;
  try {
    return parseScopes(value);
  } catch {
    return null;
  }
}

/** Joins scopes with single spaces, without duplicates (spec 2.2); encode with %20 when put in a URL. */
export function formatScopes(scopes: readonly string[]): string {
  return [...new Set(scopes)].join(" ");
}

/** Scope to publish a post add-on on one post (spec 2.2, 4.6). */
export function postAddonScope(postToken: string): Scope {
  return `POST_ADDON_CREATE.${postToken}`;
}

/** Scope covering add-ons on all of a user's posts (facts "OAuth"). */
export const USER_POSTS_ADDON_CREATE = "USER_POSTS_ADDON_CREATE";

/** What lets a token publish or remove a post's add-ons: that post's scope, or all of the user's posts. */
export function postAddonScopeSets(postToken: string): string[][] {
  return [[postAddonScope(postToken)], [USER_POSTS_ADDON_CREATE]];
}
/** Scope to create a user add-on (facts "OAuth"). */
export const USER_ADDON_CREATE = "USER_ADDON_CREATE";
/** Scope to read the user's phone numbers (spec 2.2, 4.3). */
export const USER_PHONE = "USER_PHONE";
/**
 * What a sign-in asks for an action that needs one of `sets` (alternatives): the first set, or
 * USER_PHONE when it names none (an action that needs a token but no particular scope, spec 4.8).
 */
export function consentScopes(sets: readonly (readonly string[])[]): string[] {
  const first = sets[0] ?? [];
  return first.length > 0 ? [...first] : [USER_PHONE];
}

/** Scope to read the user's app-specific user id; GET /users accepts it or USER_PHONE (OpenAPI). */
export const USER_ID = "USER_ID";
/** Scope of the live user semantic create by divar_user_id (OpenAPI security of that route). */
export const USER_VERIFICATION_CREATE = "USER_VERIFICATION_CREATE";
/** Chat send into any conversation of the user as a supplier (OpenAPI, chat send alternatives). */
export const CHAT_SUPPLIER_ALL_CONVERSATIONS_MESSAGE_SEND = "CHAT_SUPPLIER_ALL_CONVERSATIONS_MESSAGE_SEND";
/** Name of the chat send scope tied to a post: `CHAT_POST_CONVERSATIONS_MESSAGE_SEND.<post_token>`. */
export const CHAT_POST_CONVERSATIONS_MESSAGE_SEND = "CHAT_POST_CONVERSATIONS_MESSAGE_SEND";

/** Scope to send a chat message into one conversation (spec 2.2, 4.10). */
export function conversationScope(conversationId: string): Scope {
  return `CONVERSATION_SEND_MESSAGE.${conversationId}`;
}

/** Scope to send chat messages in the conversations of one post (OpenAPI, chat send alternatives). */
export function chatPostSendScope(postToken: string): Scope {
  return `${CHAT_POST_CONVERSATIONS_MESSAGE_SEND}.${postToken}`;
}

/**
 * The alternative scope sets of a chat send (OpenAPI security of POST /v2/.../messages: any one of
 * them). `postToken` is the conversation's post when the caller knows it (the emulator); a caller that
 * does not (the proxy) passes the post-scoped scopes it holds in `heldPostScopes` instead, and the
 * platform judges whether that post is the conversation's. The conversation's own scope comes first:
 * it is the one consent asks for.
 */
export function chatSendScopeSets(
  conversationId: string,
  post: { postToken: string } | { heldPostScopes: readonly string[] },
): string[][] {
  const postSets =
    "postToken" in post
      ? [[chatPostSendScope(post.postToken)]]
      : post.heldPostScopes
          .filter((s) => {
            const { name, identifier } = splitScope(s);
            return name === CHAT_POST_CONVERSATIONS_MESSAGE_SEND && identifier !== undefined;
          })
          .map((s) => [s]);
  return [[conversationScope(conversationId)], [CHAT_SUPPLIER_ALL_CONVERSATIONS_MESSAGE_SEND], ...postSets];
}

/** True when `held` satisfies every scope in `needed` (exact match; an object scope is not implied by another object's). */
export function hasScopes(held: readonly string[], needed: readonly string[]): boolean {
  return needed.every((s) => held.includes(s));
}

/** True when `held` covers one of the alternative scope sets `sets` (an empty set: any token). */
export function meetsScopeSets(held: readonly string[], sets: readonly (readonly string[])[]): boolean {
  return sets.some((set) => hasScopes(held, set));
}

/** API-key permissions, independent of OAuth scopes (spec 5.6, facts "OAuth"). */
export const apiKeyPermissionSchema = z.enum([
  "ADD_ON_CREATE",
  "ADD_ON_DELETE",
  "USER_ADDON_CREATE",
  "USER_ADDON_DELETE",
  "USER_SEMANTIC_CREATE",
  "USER_SEMANTIC_DELETE",
  "CHAT_SEND_MESSAGE_OAUTH",
  "EVENTS_REGISTER_SUBSCRIPTION",
  // GET/POST /v1/open-platform/users (the live OpenAPI's description; not in platform facts' list).
  "USER_RETRIEVE",
]);
export type ApiKeyPermission = z.infer<typeof apiKeyPermissionSchema>;
