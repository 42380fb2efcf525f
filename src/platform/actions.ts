import * as z from "zod";
import { describeValue, fieldRegistry, typeError } from "./fields";
import { own } from "./json";
import { type KeyHint, v1Field } from "./problems";

/** The action kinds of v2 (spec 2.14 and platform facts, "Actions"), in the order the editor offers them. */
export const ACTION_KINDS = [
  "open_direct_link",
  "open_server_link",
  "get_dynamic_action",
  "open_post_page",
  "open_post_manage_page",
] as const;

export type ActionKind = (typeof ACTION_KINDS)[number];

export const ACTION_LABELS: Record<ActionKind, string> = {
  open_direct_link: "Open a link",
  open_server_link: "Server link",
  get_dynamic_action: "Dynamic action",
  open_post_page: "Open a post",
  open_post_manage_page: "Open a post's manage page",
};

/** What open_direct_link accepts, as JSON Schema states it too: http(s), `//`, a host, no whitespace. */
export const DIRECT_LINK_PATTERN = "^[Hh][Tt][Tt][Pp][Ss]?://[^\\s/?#]\\S*$";
const DIRECT_LINK = new RegExp(DIRECT_LINK_PATTERN);

/** Checks an http(s) URL; returns the reason it is not one, or undefined. */
export function urlProblem(value: string): string | undefined {
  const trimmed = value.trim();
  if (trimmed === "") return "must not be empty: give an http or https address";
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return `"${value}" is not a URL: write a full address such as https://example.com/page`;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    return `${url.protocol} links are not allowed: only http and https addresses can be opened`;
  if (trimmed !== value) return "has spaces around the address: remove them";
  // The URL parser forgives what the platform and other validators may not: fail on the text as written.
  if (/\s/.test(value)) return "contains a space: encode it as %20 (or remove it)";
  if (!DIRECT_LINK.test(value))
    return `"${value}" is not a full address: write it as ${url.protocol}//host/path, e.g. https://example.com/page`;
  return undefined;
}

const urlSchema = z
  .string({ error: (iss) => typeError(iss.input, "an http or https URL") })
  .superRefine((s, ctx) => {
    const p = urlProblem(s);
    if (p) ctx.addIssue({ code: "invalid_format", format: "url", message: p, input: s });
  });

/** String-to-string data, e.g. open_server_link.data. */
export const stringMapSchema = z.record(
  z.string(),
  z.string({
    error: (iss) =>
      iss.input === undefined ? "is required" : `must be a string, not ${describeValue(iss.input)}: quote it`,
  }),
  { error: (iss) => typeError(iss.input, "an object of string values") },
);

/** A post token: 8 to 16 characters of letters, digits and underscore (platform facts). */
export const POST_TOKEN_PATTERN = /^[_A-Za-z0-9]{8,16}$/;

/** A post token as a schema, with the message the studio shows. */
export const postTokenSchema = z
  .string({ error: (iss) => typeError(iss.input, "a post token (a string)") })
  .regex(POST_TOKEN_PATTERN, {
    error: "must be a post token: 8 to 16 letters, digits or underscores (e.g. gZx7yK3a)",
  });

/**
 * Action data (open_server_link, get_dynamic_action): any JSON values, as the live OpenAPI and every
 * generated SDK take them (`Dict[str, Any]`); the platform hands them back to the app as sent.
 */
export const actionDataSchema = z.record(z.string(), z.unknown(), {
  error: (iss) => typeError(iss.input, "an object of the app's own data"),
});

// data is optional in the live document (no `required`); an action without it sends the app nothing.
const dataHolder = z.strictObject(
  { data: actionDataSchema.optional() },
  { error: (iss) => typeError(iss.input, 'an object {"data": {"key": "value"}}') },
);
const postHolder = z.strictObject(
  { post_token: postTokenSchema },
  { error: (iss) => typeError(iss.input, 'an object {"post_token": "…"}') },
);

const V1_ACTION_KEYS: Record<string, KeyHint> = {
  type: v1Field(
    "v1 action field: v2 actions are {open_direct_link: <url>} and the like (run addon-studio migrate)",
  ),
  fallback_link: v1Field("v1 action field: removed in v2; put the address in open_direct_link"),
  payload: v1Field("v1 action field: removed in v2; its url or link becomes open_direct_link"),
};

/** An action: an object with exactly one of the five action keys. */
export const actionSchema = z
  .strictObject(
    {
      open_direct_link: urlSchema.optional(),
      open_server_link: dataHolder.optional(),
      get_dynamic_action: dataHolder.optional(),
      open_post_page: postHolder.optional(),
      open_post_manage_page: postHolder.optional(),
    },
    { error: (iss) => typeError(iss.input, 'an action object such as {"open_direct_link": "https://…"}') },
  )
  .superRefine((a, ctx) => {
    const present = ACTION_KINDS.filter((k) => a[k] !== undefined);
    if (present.length === 0)
      ctx.addIssue({
        code: "custom",
        message: `an action needs exactly one of ${ACTION_KINDS.join(", ")}`,
        input: a,
      });
    else if (present.length > 1)
      ctx.addIssue({
        code: "custom",
        message: `an action has exactly one kind, but this one has ${present.join(" and ")}: keep one`,
        input: a,
      });
  })
  .register(fieldRegistry, { ui: "action", label: "Action" });

export type Action = z.infer<typeof actionSchema>;

/** The kind of a (parsed) action, or undefined when it has none. */
export function actionKindOf(a: Partial<Record<ActionKind, unknown>>): ActionKind | undefined {
  return ACTION_KINDS.find((k) => a[k] !== undefined);
}

/** Messages for v1 keys found in an action object (own keys only: `constructor` is no v1 key). */
export function v1ActionHint(key: string): KeyHint | undefined {
  return own(V1_ACTION_KEYS, key);
}

/** An action field schema with its own label. */
export function actionField(label = "Action") {
  return actionSchema.clone().register(fieldRegistry, { ui: "action", label });
}
