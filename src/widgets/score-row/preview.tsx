import {
  Chevron,
  CutText,
  Divider,
  type WidgetPreviewProps,
  colorValue,
  limitOf,
  percentOf,
  persianDigits,
  textOf,
} from "../../editor/preview/preview-kit";
import { PreviewIcon } from "../../editor/preview/preview-icons";

const TITLE_MAX = limitOf("score_row", "title");
const DESC_MAX = limitOf("score_row", "descriptive_score");

/** score_row as the app draws it: icon and title, then a percentage bar or a descriptive score. */
export function ScoreRowPreview({ value, theme }: WidgetPreviewProps<"score_row">) {
  const color = colorValue(value.score_color, theme);
  const pct = percentOf(value.percentage_score);
  const desc = typeof value.descriptive_score === "string" ? value.descriptive_score : undefined;
  return (
    <div className="pv-widget pv-score-row">
      <div className="pv-row">
        {value.icon_name ? <PreviewIcon name={value.icon_name} /> : null}
        <CutText className="pv-row-title" text={textOf(value.title)} max={TITLE_MAX} />
        <span className="pv-score">
          {pct !== undefined ? (
            <>
              {/* biome-ignore lint/a11y/useSemanticElements: the app's bar is drawn with styled spans, which a native meter cannot hold */}
              <span
                className="pv-score-bar"
                role="meter"
                aria-label="Percentage score"
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={pct}
              >
                <span className="pv-score-fill" style={{ width: `${pct}%`, backgroundColor: color }} />
              </span>
              <span className="pv-score-value" style={{ color }}>
                {`${persianDigits(pct)}٪`}
              </span>
            </>
          ) : null}
          {desc !== undefined ? (
            <span className="pv-score-text" style={{ color }}>
              <CutText text={desc} max={DESC_MAX} />
            </span>
          ) : null}
        </span>
        {value.action ? <Chevron /> : null}
      </div>
      <Divider show={value.has_divider ?? value.hasDivider} />
    </div>
  );
}
