import {
  CutText,
  type WidgetPreviewProps,
  colorValue,
  limitOf,
  percentOf,
  persianDigits,
  textOf,
} from "../../editor/preview/preview-kit";
import { PreviewIcon } from "../../editor/preview/preview-icons";

const SECTION_MAX = limitOf("evaluation_row", "right.text");

const SECTIONS = ["right", "middle", "left"] as const;

/**
 * evaluation_row as the app draws it: a three-part bar with the indicator above it. The row is
 * right-to-left, so the right section comes first and 0% sits at the right end.
 */
export function EvaluationRowPreview({ value, theme }: WidgetPreviewProps<"evaluation_row">) {
  const pct = percentOf(value.indicator_percentage) ?? 0;
  const indicator = textOf(value.indicator_text);
  return (
    <div className="pv-widget pv-evaluation-row">
      {/* biome-ignore lint/a11y/useSemanticElements: the app's bar is drawn with styled spans, which a native meter cannot hold */}
      <div
        className="pv-eval-track"
        role="meter"
        aria-label={`Indicator: ${indicator}`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={pct}
        aria-valuetext={`${pct}% from the right`}
      >
        <span className="pv-eval-indicator" style={{ right: `${pct}%` }} data-percentage={pct}>
          <span className="pv-eval-indicator-label">
            {value.icon_name ? <PreviewIcon name={value.icon_name} size={16} /> : null}
            {indicator}
          </span>
          <span className="pv-eval-pin" aria-hidden="true" />
        </span>
        <span className="pv-eval-bar">
          {SECTIONS.map((side) => (
            <span
              key={side}
              className={`pv-eval-section pv-eval-${side}`}
              data-section={side}
              style={{ backgroundColor: colorValue(value[side]?.section_color, theme) }}
            />
          ))}
        </span>
      </div>
      <div className="pv-eval-labels">
        {SECTIONS.map((side) => (
          <span key={side} className="pv-eval-label" data-section={side}>
            <CutText text={textOf(value[side]?.text)} max={SECTION_MAX} />
          </span>
        ))}
      </div>
      <span className="pv-sr-only">{`${persianDigits(pct)}٪`}</span>
    </div>
  );
}
