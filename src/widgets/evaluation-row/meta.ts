import { defineMeta } from "../meta";

/** Character limits of evaluation_row's texts (the model's schema and the preview use the same). */
export const EVALUATION_ROW_LIMITS = { sectionText: 18 } as const;

export const evaluationRowMeta = defineMeta({
  kind: "evaluation_row",
  label: "Evaluation",
  description: "A three-part bar (right, middle, left) with an indicator at a percentage.",
  summary: (v: { indicator_text?: string }) => v.indicator_text,
  defaults: () => ({
    indicator_text: "قیمت مناسب",
    indicator_percentage: 40,
    right: { text: "ارزان", section_color: "SUCCESS_PRIMARY" as const },
    middle: { text: "منصفانه", section_color: "WARNING_SECONDARY" as const },
    left: { text: "گران", section_color: "ERROR_PRIMARY" as const },
  }),
});
