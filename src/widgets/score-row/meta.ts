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

/**
 * Whether a score_row's percentage_score counts as its score: set, and not the 0 beside a
 * descriptive_score that the platform reads as unset (an int32 in proto3 JSON), so the row shows the
 * text alone. The rule of one score (model.ts) and the preview's bar both read it here.
 */
export function percentageCounts(row: { percentage_score?: unknown; descriptive_score?: unknown }): boolean {
  const pct = row.percentage_score;
  if (pct === undefined || pct === null) return false;
  return !(pct === 0 && row.descriptive_score !== undefined && row.descriptive_score !== null);
}
