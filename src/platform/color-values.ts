// The colours as plain data, without zod: the editor's preview draws them before the contract loads.

/** The colours accepted for score_color and section_color (platform facts, "Enumerations"). */
export const COLORS = [
  "SUCCESS_PRIMARY",
  "SUCCESS_SECONDARY",
  "WARNING_PRIMARY",
  "WARNING_SECONDARY",
  "ERROR_PRIMARY",
] as const;

export type Color = (typeof COLORS)[number];

/** How the app paints each colour, in its light and dark themes. */
export const COLOR_SWATCHES: Record<Color, { light: string; dark: string }> = {
  SUCCESS_PRIMARY: { light: "#2E7D32", dark: "#AED581" },
  SUCCESS_SECONDARY: { light: "#7CB342", dark: "#66BB6A" },
  WARNING_PRIMARY: { light: "#E65100", dark: "#FF9800" },
  WARNING_SECONDARY: { light: "#FBC02D", dark: "#FDD835" },
  ERROR_PRIMARY: { light: "#FF0000", dark: "#FF8A80" },
};

/**
 * Text and divider colours of the app's themes, exactly as its palette writes them (kenar-docs
 * colors-light/-dark: #DE000000 is ARGB, alpha 0xDE = 0.87; the dark ones are written RGBA).
 */
export const THEME_TEXT = {
  light: {
    primary: "#000000DE",
    secondary: "#0000008F",
    hint: "#00000052",
    divider: "#0000001F",
  },
  dark: {
    primary: "#FFFFFF",
    secondary: "#FFFFFF8E",
    hint: "#FFFFFF51",
    divider: "#FFFFFF1E",
  },
} as const;

const V1_COLOR = /^(TEXT_|ICON_|BRAND_|WHITE_PRIMARY)/;

/**
 * Explains why a value is not a v2 colour. `required`: the field must hold a colour (an evaluation
 * section's section_color), so "leave the field out" is no way to show none there.
 */
export function colorMessage(input: unknown, required = false): string {
  const list = COLORS.join(", ");
  if (input === undefined) return `is required: add one of ${list}`;
  if (input === "UNKNOWN" || input === "COLOR_UNSPECIFIED")
    return required
      ? `${String(input)} is the unset value of the old SDK (the platform refuses it), and this field must hold a colour: use one of ${list}`
      : `${String(input)} is the unset value of the old SDK (the platform refuses it): to show no colour, leave the field out, or use one of ${list} (addon-studio migrate drops it)`;
  if (input === null)
    return required
      ? `must not be null: this field must hold a colour, one of ${list}`
      : `must not be null: to show no colour, leave the field out (or use one of ${list})`;
  if (typeof input === "string" && V1_COLOR.test(input))
    return `${input} is a v1 colour and does not exist in v2: use one of ${list}`;
  if (typeof input === "string" && (COLORS as readonly string[]).includes(input.trim().toUpperCase()))
    return `colours are written in upper case without spaces: write ${input.trim().toUpperCase()}`;
  if (typeof input !== "string") return `must be a colour name (a string), one of ${list}`;
  return `"${input}" is not a colour: use one of ${list}`;
}

/** The old SDKs' zero values of the colour enum: "no colour" there, refused by the platform. */
export const ZERO_COLORS: readonly string[] = ["COLOR_UNSPECIFIED", "UNKNOWN"];

/** True for a v1 colour name (TEXT_*, ICON_*, BRAND_*, WHITE_PRIMARY), which has no v2 form. */
export function isV1Color(value: unknown): boolean {
  return typeof value === "string" && V1_COLOR.test(value);
}
