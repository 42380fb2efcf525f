import type { Context } from "hono";
import { type StudioError, studioErrorSchema } from "../platform/errors";
import type { Config } from "./config";
import type { ServerDeps } from "./deps";
import type { PlatformResult } from "./platform-client";

/** What a secret found in an upstream answer becomes. */
export const REDACTED = "[redacted]";
/** Shorter values are not secrets the proxy holds (and would redact ordinary words). */
const MIN_SECRET = 6;
/** Deeper parts of an answer are replaced (a walk of a 256 KB `[[[[…` would overflow the stack). */
const MAX_DEPTH = 32;

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\/-]/g, "\\$&");

/** A hex number as a pattern matching either case of its letters ("2f" -> "2[fF]"). */
function hexPattern(n: number, width: number): string {
  return [...n.toString(16).padStart(width, "0")]
    .map((d) => (/[a-f]/.test(d) ? `[${d}${d.toUpperCase()}]` : d))
    .join("");
}

/**
 * A secret as it may appear in a raw answer: each character as itself, JSON-escaped (`\/`, `\u002d`)
 * or percent-encoded (`%2F`), so an echo the platform or a gateway escaped is found too.
 */
function secretPattern(secret: string): string {
  let out = "";
  for (const ch of secret) {
    const code = ch.codePointAt(0) ?? 0;
    const alts = [escapeRegExp(ch)];
    if (code <= 0xffff) alts.push(`\\\\u${hexPattern(code, 4)}`);
    if (code < 0x80) alts.push(`%${hexPattern(code, 2)}`);
    if (!/[A-Za-z0-9]/.test(ch)) alts.push(`\\\\${escapeRegExp(ch)}`);
    out += alts.length === 1 ? alts[0] : `(?:${alts.join("|")})`;
  }
  return out;
}

/**
 * A function replacing every occurrence of the secrets in a text, written plainly or escaped; the
 * escaped spellings' pattern is compiled once, on the first text that needs it (a walk over a
 * hostile body's 28,000 strings holding `%` compiled it 28,000 times: 3.5 s of blocked CPU).
 */
function redactor(secrets: readonly string[]): (text: string) => string {
  // The same list (the app's credentials for every delivery) reuses its compiled pattern.
  const key = secrets.join("\0");
  const known = redactors.get(key);
  if (known) return known;
  if (redactors.size >= REDACTORS_KEPT) redactors.clear();
  const made = makeRedactor(secrets);
  redactors.set(key, made);
  return made;
}

/** Redactors kept by their secrets: the app's few lists, and the tokens of recent calls. */
const REDACTORS_KEPT = 32;
const redactors = new Map<string, (text: string) => string>();

function makeRedactor(secrets: readonly string[]): (text: string) => string {
  const list = secrets.filter((s) => s.length >= MIN_SECRET).sort((a, b) => b.length - a.length);
  let pattern: RegExp | undefined;
  return (text) => {
    if (list.length === 0 || text.length < MIN_SECRET) return text;
    // Without a backslash or a percent sign only the plain spelling can be there: no pattern needed.
    if (!text.includes("\\") && !text.includes("%")) {
      let out = text;
      for (const secret of list) if (out.includes(secret)) out = out.split(secret).join(REDACTED);
      return out;
    }
    pattern ??= new RegExp(list.map(secretPattern).join("|"), "g");
    return text.replace(pattern, REDACTED);
  };
}

/**
 * Replaces every occurrence of a secret (API key, client secret, the tokens or code just sent) in an
 * upstream answer, written plainly or escaped: a platform or a gateway that echoes the request in its
 * error ("token at_… is invalid") must not hand it to the browser or the log through our answer.
 */
export function redactSecrets(text: string, secrets: readonly string[]): string {
  return redactor(secrets)(text);
}

/**
 * Redacts every string (values and keys) of a parsed answer, so a secret the answer carried escaped
 * (`at\/access-…`, `demo\u002dapi…`), which JSON.parse has just decoded, is caught too. Parts nested
 * deeper than `maxDepth` levels (MAX_DEPTH for an answer; a delivery, already refused past
 * MAX_JSON_DEPTH, passes that and is kept whole) are replaced by a note.
 */
export function redactDeep(value: unknown, secrets: readonly string[], maxDepth = MAX_DEPTH): unknown {
  const redact = redactor(secrets);
  const walk = (v: unknown, depth: number): unknown => {
    if (typeof v === "string") return redact(v);
    if (v === null || typeof v !== "object") return v;
    if (depth >= maxDepth) return `[nested more than ${maxDepth} levels; not passed on]`;
    if (Array.isArray(v)) return v.map((item) => walk(item, depth + 1));
    // fromEntries defines own properties: a "__proto__" key stays a key.
    return Object.fromEntries(Object.entries(v).map(([k, item]) => [redact(k), walk(item, depth + 1)]));
  };
  return walk(value, 0);
}

/**
 * The studio's own credentials besides the API key, which the platform client takes out of every
 * answer it passes on (with the API key and the call's access token): given to it once, in app.ts.
 */
export function appSecrets(config: Pick<Config, "app" | "sessionSecret">): string[] {
  return [config.app.clientSecret, config.app.identificationKey, config.sessionSecret];
}

/**
 * Every credential the studio holds for its app: a delivery (an event, a start request) echoing one
 * is stored and shown to every signed-in user of the inbox without it. Defence in depth: no document
 * says a delivery carries one, but a body in the shape of the deprecated notify call (spec 4.12,
 * which the app sends with `identification_key`) or a subscription's metadata could.
 */
export function deliverySecrets(config: Pick<Config, "app" | "sessionSecret">): string[] {
  return [...appSecrets(config), config.app.apiKey];
}

/**
 * What the platform client cannot know and a route's answer must not carry either: the session's
 * refresh token (never sent to the API host, but a platform may echo one it saw elsewhere).
 */
export function sessionSecrets(deps: ServerDeps, c: Context): string[] {
  const refresh = deps.sessions.read(c)?.tokens?.refreshToken;
  return refresh ? [refresh] : [];
}

/** A catalogue error with every secret taken out of its strings (message, upstream body). */
export function redactError(err: StudioError, secrets: readonly string[]): StudioError {
  const parsed = studioErrorSchema.safeParse(redactDeep(err, secrets));
  if (parsed.success) return parsed.data;
  return { error: { code: err.error.code, message: redactSecrets(err.error.message, secrets) } };
}

/** A platform result with every secret taken out of its value, note and error. */
export function redactResult<T>(
  result: PlatformResult<T>,
  secrets: readonly string[],
): PlatformResult<unknown> {
  if (!result.ok) return { ok: false, error: redactError(result.error, secrets) };
  const { note, ...rest } = result;
  return {
    ...rest,
    value: redactDeep(result.value, secrets),
    ...(note !== undefined ? { note: redactSecrets(note, secrets) } : {}),
  };
}
