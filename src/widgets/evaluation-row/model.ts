import * as z from "zod";
import { colorField, fieldRegistry, iconField, percentageField, textField } from "../../platform/fields";
import { defineWidget } from "../define";
import { EVALUATION_ROW_LIMITS, evaluationRowMeta } from "./meta";

function section(label: string) {
  return z
    .strictObject(
      {
        text: textField({ label: "Text", max: EVALUATION_ROW_LIMITS.sectionText, required: true }),
        section_color: colorField("Colour", { required: true }),
      },
      {
        error: (iss) =>
          iss.input === undefined
            ? "is required: add {text, section_color}"
            : "must be an object {text, section_color}",
      },
    )
    .register(fieldRegistry, { ui: "group", label });
}

export const evaluationRow = defineWidget({
  ...evaluationRowMeta,
  fields: {
    indicator_text: textField({ label: "Indicator text", required: true }),
    indicator_percentage: percentageField("Indicator position"),
    icon_name: iconField("Icon").optional(),
    // The preview is right-to-left, so the form lists the sections as the user reads them.
    right: section("Right section"),
    middle: section("Middle section"),
    left: section("Left section"),
  },
  v1: {
    type: "EVALUATION_ROW",
    removed: ["text_color", "indicator_color", "icon_color", "image_url_light", "image_url_dark"],
    iconWrappers: ["indicator_icon"],
  },
  notAccepted: {
    has_divider:
      "not accepted on evaluation_row (some documents show it, the platform refuses it): delete it",
  },
});
