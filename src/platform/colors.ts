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
