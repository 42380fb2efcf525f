import * as z from "zod";
import { typeError } from "./fields";
import { formatPath, issuePath } from "./problems";

/**
 * Start-address request (spec 4.11, facts "Start address"). The platform POSTs it to the app with
 * `Authorization: <identification key>` and a version header spelled `API-Version` or `API_VERSION`;
 * value 2 is the new structure. The body is not shown in the spec; facts list its fields. The two
 * versions differ in how the app's own data is named: `extra_data` (new) or `provider_data` (old).
 */
const userSideSchema = z
  .string({ error: (iss) => typeError(iss.input, "SUPPLY or DEMAND") })
  .transform((s) => s.toUpperCase())
  .pipe(z.enum(["SUPPLY", "DEMAND"], { error: "must be SUPPLY or DEMAND (in any case)" }));

const SOURCES = ["POST_ADDON", "CHAT_MESSAGE_ACTION", "CHAT"] as const;
const sourceSchema = z
  .string({ error: (iss) => typeError(iss.input, SOURCES.join(", ")) })
  .transform((s) => s.toUpperCase())
  .pipe(z.enum(SOURCES, { error: `must be one of ${SOURCES.join(", ")}` }));

const text = () =>
  z
    .string({ error: (iss) => typeError(iss.input, "text (a string)") })
    .min(1, { error: "must not be empty" });

/** The app's data: a map of strings (facts); a value of another kind is kept as its JSON text. */
const stringMap = z.record(
  z.string(),
  z.string({ error: (iss) => `${typeError(iss.input, "text (a string)")}; kept as its JSON text` }),
  { error: (iss) => typeError(iss.input, "an object of strings") },
);

/**
 * What is not part of an id: spaces, and the marks a copy from right-to-left text carries (RLM, ALM,
 * ZWNJ, a soft hyphen).
 */
const NOT_IN_ID = /[\s\u00ad\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/u;

/** An id (a post token, a conversation id): text without spaces or invisible marks. */
const idText = () =>
  text().refine((s) => !NOT_IN_ID.test(s), {
    error: "holds spaces or invisible marks (direction marks, zero-width joiners): read without them",
  });

/** The id `value` holds once spaces and invisible marks are taken out, when it is text. */
function cleanId(value: unknown): string | undefined {
  if (typeof value !== "string") return undefined;
  const id = value.replace(new RegExp(NOT_IN_ID.source, "gu"), "");
  return id === "" ? undefined : id;
}

const commonFields = {
  post_token: idText().optional(),
  conversation_id: idText().optional(),
  user_side: userSideSchema.optional(),
  source: sourceSchema.optional(),
  user_id: text().optional(),
  // The address the user goes back to: a web address only (a javascript: or data: URL is a problem).
  completion_url: z.url({ protocol: /^https?$/, error: "must be an http(s) address; left out" }).optional(),
};

/** Keys the documents do not list, named (zod's own words are "Unrecognized keys"). */
const strict = {
  error: (iss: { code?: string; keys?: string[] }) =>
    iss.code === "unrecognized_keys" && iss.keys
      ? `${iss.keys.length === 1 ? "a field" : "fields"} the documents do not list: ${iss.keys.join(", ")}`
      : undefined,
};

/** New structure (API version 2): the app's data arrives as `extra_data`. */
export const startRequestV2Schema = z.strictObject(
  { ...commonFields, extra_data: stringMap.optional() },
  strict,
);

/** Old structure: the app's data arrives as `provider_data`. */
export const startRequestV1Schema = z.strictObject(
  { ...commonFields, provider_data: stringMap.optional() },
  strict,
);

/** A start request normalised across versions. */
export interface StartRequest {
  version: 1 | 2;
  postToken?: string;
  conversationId?: string;
  userSide?: "SUPPLY" | "DEMAND";
  source?: "POST_ADDON" | "CHAT_MESSAGE_ACTION" | "CHAT";
  userId?: string;
  /** The app's data; a value that is not a string (an action's data takes any JSON) as its JSON text. */
  data: Record<string, string>;
  completionUrl?: string;
  /**
   * What the studio could not read as the documents describe it (a field or value newer than its
   * contract), as `path: message`; `body` is then the request as it came, so nothing is lost.
   */
  problems?: string[];
  body?: unknown;
}

/** Reads the version from either header spelling (facts "Start address"); absent means the old structure. */
export function startRequestVersion(headers: { get(name: string): string | null }): 1 | 2 | "invalid" {
  // Node lower-cases header names but keeps `_`; some proxies drop underscored headers, hence both.
  const raw = headers.get("api-version") ?? headers.get("api_version");
  if (raw === null || raw.trim() === "" || raw.trim() === "1") return 1;
  if (raw.trim() === "2") return 2;
  return "invalid";
}

/**
 * Reads a start request body for the given version. A body that uses the other version's data field
 * is still accepted, because the documents disagree on which field goes with which version.
 *
 * The user waits on the platform for the answer, which is the address their browser opens: a field or
 * value the documents do not list (a newer platform's `locale`, an action's data holding numbers)
 * must not leave them stuck there. Any JSON object is read for what it holds; what does not fit the
 * documents is kept as `problems`, with the body as it came. Only a body that is not an object fails.
 */
export function parseStartRequest(
  version: 1 | 2,
  body: unknown,
): { ok: true; value: StartRequest } | { ok: false; error: z.ZodError } {
  const primary = version === 2 ? startRequestV2Schema : startRequestV1Schema;
  const secondary = version === 2 ? startRequestV1Schema : startRequestV2Schema;
  const parsed = primary.safeParse(body);
  if (parsed.success) return { ok: true, value: normalise(version, parsed.data) };
  const alt = secondary.safeParse(body);
  if (alt.success) return { ok: true, value: normalise(version, alt.data) };
  const object = z
    .record(z.string(), z.unknown(), {
      error: (iss) => typeError(iss.input, "a JSON object (the start request)"),
    })
    .safeParse(body);
  if (!object.success) return { ok: false, error: object.error };
  // In the words of the version whose data field the body uses (a body with no version header but the
  // new structure's `extra_data` is not told that `extra_data` is unknown); else the header's.
  const v2 = "extra_data" in object.data ? true : "provider_data" in object.data ? false : version === 2;
  const issues = (v2 === (version === 2) ? parsed : alt).error.issues;
  const problems = issues.map((i) => `${formatPath(issuePath(i.path))}: ${i.message}`);
  return { ok: true, value: { ...leniently(version, object.data), problems, body } };
}

function normalise(
  version: 1 | 2,
  v: z.infer<typeof startRequestV2Schema> | z.infer<typeof startRequestV1Schema>,
): StartRequest {
  const data =
    ("extra_data" in v ? v.extra_data : undefined) ??
    ("provider_data" in v ? v.provider_data : undefined) ??
    {};
  const out: StartRequest = { version, data };
  if (v.post_token !== undefined) out.postToken = v.post_token;
  if (v.conversation_id !== undefined) out.conversationId = v.conversation_id;
  if (v.user_side !== undefined) out.userSide = v.user_side;
  if (v.source !== undefined) out.source = v.source;
  if (v.user_id !== undefined) out.userId = v.user_id;
  if (v.completion_url !== undefined) out.completionUrl = v.completion_url;
  return out;
}

/** Each documented field that reads as documented; the rest is left out (and named in the problems). */
function leniently(version: 1 | 2, body: Record<string, unknown>): StartRequest {
  const field = <T>(schema: z.ZodType<T>, key: string): T | undefined => {
    const r = schema.safeParse(body[key]);
    return r.success ? r.data : undefined;
  };
  const rawData =
    field(z.record(z.string(), z.unknown()), "extra_data") ??
    field(z.record(z.string(), z.unknown()), "provider_data");
  // (zod's record has already left out a "__proto__" key, as the strict schemas do.)
  const data: Record<string, string> = Object.fromEntries(
    Object.entries(rawData ?? {}).map(([k, v]) => [k, typeof v === "string" ? v : JSON.stringify(v)]),
  );
  const v = {
    post_token: field(commonFields.post_token, "post_token") ?? cleanId(body.post_token),
    conversation_id: field(commonFields.conversation_id, "conversation_id") ?? cleanId(body.conversation_id),
    user_side: field(commonFields.user_side, "user_side"),
    source: field(commonFields.source, "source"),
    user_id: field(commonFields.user_id, "user_id"),
    completion_url: field(commonFields.completion_url, "completion_url"),
    extra_data: data,
  };
  return normalise(version, v);
}

/** The app's answer to a start request (facts "Start address"). */
export const startResponseSchema = z.strictObject({ url: z.url() });
export type StartResponse = z.infer<typeof startResponseSchema>;
