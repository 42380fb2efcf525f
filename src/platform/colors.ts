import * as z from "zod";
import { COLORS, colorMessage } from "./color-values";

export {
  COLOR_SWATCHES,
  COLORS,
  type Color,
  colorMessage,
  isV1Color,
  THEME_TEXT,
  ZERO_COLORS,
} from "./color-values";

/** A v2 colour. */
export const colorSchema = z.enum(COLORS, { error: (iss) => colorMessage(iss.input) });

/** A v2 colour on a field that must hold one (an evaluation section's section_color). */
export const requiredColorSchema = z.enum(COLORS, { error: (iss) => colorMessage(iss.input, true) });
