import type { CSSProperties } from "react";
import { PreviewIcon } from "../../preview/preview-icons";
import {
  Chevron,
  CutText,
  colorValue,
  Divider,
  percentOf,
  textOf,
  type WidgetPreviewProps,
} from "../../preview/preview-kit";
import { percentageCounts, SCORE_ROW_LIMITS } from "./meta";

const TITLE_MAX = SCORE_ROW_LIMITS.title;
const DESC_MAX = SCORE_ROW_LIMITS.descriptive_score;

/** The app splits the percentage bar into five equal segments. */
const SEGMENTS = [0, 1, 2, 3, 4] as const;

/**
 * score_row as the app draws it: the icon (in the score colour) and title at the right, then at the
 * left either five segments filled in proportion (no number) or the descriptive text, and a chevron
 * when there is an action.
 */
export function ScoreRowPreview({ value, theme }: WidgetPreviewProps<"score_row">) {
  const color = colorValue(value.score_color, theme);
  const desc = typeof value.descriptive_score === "string" ? value.descriptive_score : undefined;
  // A percentage of 0 beside a descriptive score is the platform's unset value: the text alone.
  const pct = percentageCounts(value) ? percentOf(value.percentage_score) : undefined;
  return (
    <div className="pv-widget pv-score-row">
      <div className="pv-row">
        {value.icon_name ? <PreviewIcon name={value.icon_name} color={color} size={24} /> : null}
        <CutText className="pv-row-title" text={textOf(value.title)} max={TITLE_MAX} />
        {pct !== undefined ? (
          // biome-ignore lint/a11y/useSemanticElements: the app's bar is drawn with styled spans, which a native meter cannot hold
          <span
            className="pv-score-bar"
            role="meter"
            aria-label="Percentage score"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={pct}
            aria-valuetext={`${pct}%`}
          >
            {SEGMENTS.map((i) => {
              // Each segment holds a fifth; the app fills them from the left, the last one in part.
              const fill = Math.round(Math.min(1, Math.max(0, pct / 20 - i)) * 100);
              return (
                <span
                  key={i}
                  className="pv-score-segment"
                  data-fill={fill}
                  style={{ "--pv-fill": `${fill}%`, "--pv-score": color } as CSSProperties}
                />
              );
            })}
          </span>
        ) : null}
        {desc !== undefined ? (
          <span className="pv-score-text" style={{ color }}>
            <CutText text={desc} max={DESC_MAX} />
          </span>
        ) : null}
        {value.action ? <Chevron /> : null}
      </div>
      <Divider show={value.has_divider ?? value.hasDivider} />
    </div>
  );
}
