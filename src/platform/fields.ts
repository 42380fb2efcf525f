import * as z from "zod";
import { colorSchema, requiredColorSchema } from "./colors";
import { codePointLength, isBlankText } from "./text";

/**
 * What the inspector needs to know about a field, attached to the field's schema in
 * a registry of our own (not zod's global one, so it never leaks into the JSON Schema).
 * Forms are generated from these; nothing is written per widget.
 */
export type FieldUi =
  | {
      ui: "text";
      label: string;
      max?: number;
      /** A limit that holds unless the boolean field `flag` beside this one is true (checked by the widget). */
      maxUnless?: { max: number; flag: string };
      multiline?: boolean;
      placeholder?: string;
      help?: string;
    }
  | { ui: "boolean"; label: string; help?: string }
  | { ui: "percentage"; label: string; help?: string }
  | { ui: "color"; label: string; help?: string }
  | { ui: "icon"; label: string; help?: string }
  | { ui: "image"; label: string; help?: string }
  | { ui: "action"; label: string; help?: string }
  | { ui: "list"; label: string; itemLabel: string; min?: number; max?: number; help?: string }
  | { ui: "group"; label: string; help?: string };

export const fieldRegistry = z.registry<FieldUi>();

/**
 * Text schemas that refuse blank text. Kept apart from FieldUi (which is about forms) so that the
 * JSON Schema export can state the same rule (a non-space character) that validation applies.
 */
export const nonBlankTexts = new WeakSet<z.core.$ZodType>();

/** Icon-name schemas, so the JSON Schema export can refuse the zero value UNKNOWN as validation does. */
export const iconNameSchemas = new WeakSet<z.core.$ZodType>();

type TextOptions = {
  label: string;
  max?: number;
  /** For the inspector's counter only: the widget's own refinement checks this limit. */
  maxUnless?: { max: number; flag: string };
  required?: boolean;
  multiline?: boolean;
  help?: string;
  /** What to add when the field is missing, if more than "text (a string)" (an alternative field). */
  wanted?: string;
};

/** A string field; `max` is counted in code points, as the platform counts. */
export function textField(opts: TextOptions) {
  const { label, max, maxUnless, required = false, multiline, help, wanted = "text (a string)" } = opts;
  const schema = z
    .string({ error: (iss) => typeError(iss.input, iss.input === undefined ? wanted : "text (a string)") })
    .superRefine((s, ctx) => {
      if (required && isBlankText(s)) {
        // Led by the label: the inspector shows this beside the field, the CLI after the path.
        ctx.addIssue({
          code: "too_small",
          origin: "string",
          minimum: 1,
          inclusive: true,
          message: `${label} must not be empty: write some text (spaces and invisible characters alone do not count)`,
          input: s,
        });
        return;
      }
      if (max !== undefined) {
        const n = codePointLength(s);
        if (n > max)
          ctx.addIssue({
            code: "too_big",
            origin: "string",
            maximum: max,
            inclusive: true,
            message: `is ${n} characters long; the limit is ${max} (the app cuts the rest): shorten it by ${n - max}`,
            input: s,
            params: { limit: max, length: n },
          });
      }
    });
  const ui: FieldUi = { ui: "text", label };
  if (max !== undefined) ui.max = max;
  if (maxUnless) ui.maxUnless = maxUnless;
  if (multiline) ui.multiline = true;
  if (help) ui.help = help;
  if (required) nonBlankTexts.add(schema);
  return schema.register(fieldRegistry, ui);
}

/** A boolean with no form control (for a second spelling the studio accepts but never writes). */
export function booleanValue() {
  return z.boolean({ error: (iss) => typeError(iss.input, "true or false") });
}

/** A boolean toggle (false when left out). */
export function booleanField(label: string, help?: string) {
  return booleanValue().register(
    fieldRegistry,
    help ? { ui: "boolean", label, help } : { ui: "boolean", label },
  );
}

/** A whole number from 0 to 100. */
export function percentageField(label: string) {
  return z
    .number({ error: (iss) => typeError(iss.input, "a whole number from 0 to 100") })
    .int({ error: "must be a whole number from 0 to 100 (no decimals)" })
    .min(0, { error: "must be at least 0" })
    .max(100, { error: "must be at most 100" })
    .register(fieldRegistry, { ui: "percentage", label });
}

/**
 * A colour from the v2 enumeration. `required`: a field that must hold one (an evaluation section's
 * section_color), whose messages never say to leave it out; an optional colour is
 * `colorField(label).optional()`.
 */
export function colorField(label: string, opts: { required?: boolean } = {}) {
  const schema = opts.required ? requiredColorSchema : colorSchema;
  return schema.clone().register(fieldRegistry, { ui: "color", label });
}

/** An icon name (unknown names are reported as warnings by the validator, not here). */
export function iconField(label = "Icon") {
  return iconValue().register(fieldRegistry, { ui: "icon", label });
}

/** Zero values of the platform's enums: they mean "none" there, and are refused when sent (platform facts). */
export const ZERO_ICON = "UNKNOWN";

/** An icon name with no form control (for a second spelling the studio accepts but never writes). */
export function iconValue() {
  const schema = z
    .string({ error: (iss) => typeError(iss.input, "an icon name (a string)") })
    .min(1, { error: "must not be empty: pick an icon or leave the field out" })
    .refine((s) => s !== ZERO_ICON, {
      error:
        "UNKNOWN is the unset value of the old SDK (the platform refuses it): to show no icon, leave the field out (addon-studio migrate drops it)",
    });
  iconNameSchemas.add(schema);
  return schema;
}

/** An uploaded image's name, or `logo`. */
export function imageField(label = "Image id") {
  return z
    .string({ error: (iss) => typeError(iss.input, "an image id (a string)") })
    .min(1, { error: "must not be empty: give an uploaded image's id, or logo" })
    .register(fieldRegistry, {
      ui: "image",
      label,
      help: "The name of an image uploaded to the platform, or logo for the app's logo.",
    });
}

/** Words for a value of the wrong type, e.g. "must be text (a string), not a number". */
export function typeError(input: unknown, wanted: string): string {
  if (input === undefined) return `is required: add ${wanted}`;
  const said = `must be ${wanted}, not ${describeValue(input)}`;
  // A number or a boolean written in quotes ("1000", "true"): say what to write.
  if (typeof input === "string") {
    const t = input.trim();
    // Plain decimals only, written back as they were ("0x50" or "1e3" would be rewritten otherwise).
    if (/\bnumber\b/.test(wanted) && /^-?\d+(\.\d+)?$/.test(t))
      return `${said}: write ${t} without the quotes`;
    if (wanted === "true or false" && (t === "true" || t === "false"))
      return `${said}: write ${t} without the quotes`;
  }
  return said;
}

/** Names a JSON value's kind for messages. */
export function describeValue(input: unknown): string {
  if (input === null) return "null";
  if (Array.isArray(input)) return "an array";
  switch (typeof input) {
    case "string":
      return "a string";
    case "number":
      // JSON.parse turns a literal such as 1e400 into Infinity; it has no JSON form.
      return Number.isFinite(input) ? "a number" : "a number too large to represent";
    case "boolean":
      return "a boolean";
    case "object":
      return "an object";
    default:
      return typeof input;
  }
}

/** One field of a generated form. */
export interface FieldDescriptor {
  key: string;
  required: boolean;
  ui: FieldUi;
  /** For lists: the fields of one item. For groups: the group's fields. */
  fields?: FieldDescriptor[];
}

function unwrapOptional(schema: z.ZodType): { inner: z.ZodType; optional: boolean } {
  let inner = schema;
  let optional = false;
  for (;;) {
    if (inner instanceof z.ZodOptional || inner instanceof z.ZodDefault) {
      optional = true;
      inner = inner.unwrap() as z.ZodType;
    } else if (inner instanceof z.ZodPipe) {
      inner = inner.in as z.ZodType;
    } else break;
  }
  return { inner, optional };
}

function objectShape(schema: z.ZodType): Record<string, z.ZodType> | undefined {
  const { inner } = unwrapOptional(schema);
  if (inner instanceof z.ZodObject) return inner.shape as Record<string, z.ZodType>;
  return undefined;
}

/** Derives the form fields of an object schema from the registry. Fields without UI metadata are skipped. */
export function describeFields(schema: z.ZodType): FieldDescriptor[] {
  const shape = objectShape(schema);
  if (!shape) return [];
  const out: FieldDescriptor[] = [];
  for (const [key, fieldSchema] of Object.entries(shape)) {
    const { inner, optional } = unwrapOptional(fieldSchema);
    const ui = fieldRegistry.get(inner) ?? fieldRegistry.get(fieldSchema);
    if (!ui) continue;
    const d: FieldDescriptor = { key, required: !optional, ui };
    if (ui.ui === "list" && inner instanceof z.ZodArray)
      d.fields = describeFields(inner.element as z.ZodType);
    if (ui.ui === "group") d.fields = describeFields(inner);
    out.push(d);
  }
  return out;
}

/** Dot paths an action field can be addressed by in semantic_paths. */
export const ACTION_PATHS = [
  "open_direct_link",
  "open_server_link",
  "open_server_link.data",
  "get_dynamic_action",
  "get_dynamic_action.data",
  "open_post_page",
  "open_post_page.post_token",
  "open_post_manage_page",
  "open_post_manage_page.post_token",
] as const;

/** Every dot path (no array indices) that names a field of the described form. */
export function fieldPaths(fields: readonly FieldDescriptor[], prefix = ""): string[] {
  const out: string[] = [];
  for (const f of fields) {
    const p = prefix ? `${prefix}.${f.key}` : f.key;
    out.push(p);
    // A list's items' fields are named without an index (facts "Widgets": items.value).
    if ((f.ui.ui === "group" || f.ui.ui === "list") && f.fields) out.push(...fieldPaths(f.fields, p));
    if (f.ui.ui === "action") for (const a of ACTION_PATHS) out.push(`${p}.${a}`);
  }
  return out;
}

/**
 * Whether `path` names a field of a widget whose field paths are `paths`: one of them, or a key
 * inside an action's `data` (free JSON the app defines: `action.open_server_link.data.id`).
 */
export function isFieldPath(paths: readonly string[], path: string): boolean {
  return paths.includes(path) || paths.some((p) => p.endsWith(".data") && path.startsWith(`${p}.`));
}
