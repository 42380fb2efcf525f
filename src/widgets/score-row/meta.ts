import { defineMeta } from "../meta";

/** Character limits of score_row's texts (the model's schema and the preview use the same). */
export const SCORE_ROW_LIMITS = { title: 25, descriptive_score: 17 } as const;

export const scoreRowMeta = defineMeta({
  kind: "score_row",
  label: "Score",
  description: "A title with a percentage bar or a short descriptive score.",
  summary: (v: { title?: string }) => v.title,
  defaults: () => ({ title: "وضعیت موتور", percentage_score: 85, score_color: "SUCCESS_PRIMARY" as const }),
});
