import { PreviewIcon } from "../../preview/preview-icons";
import {
  CutText,
  colorValue,
  percentOf,
  persianDigits,
  textOf,
  type WidgetPreviewProps,
} from "../../preview/preview-kit";
import { EVALUATION_ROW_LIMITS } from "./meta";

const SECTION_MAX = EVALUATION_ROW_LIMITS.sectionText;

const SECTIONS = ["right", "middle", "left"] as const;

/** Where the indicator's box sits over its line: centred on it, or held inside the row near either end. */
function boxPlace(pct: number): { align: string; style: { right?: string; left?: string } } {
  if (pct < 25) return { align: "start", style: { right: "0" } };
  if (pct > 75) return { align: "end", style: { left: "0" } };
  return { align: "centre", style: { right: `${pct}%` } };
}

/**
 * evaluation_row as the app draws it: one rounded bar of three coloured sections holding their texts,
 * and above it a bordered box with the indicator's text and icon, joined to the bar by a short line
 * at the indicator's percentage. The row is right-to-left, so 0% sits at the right end.
 */
export function EvaluationRowPreview({ value, theme }: WidgetPreviewProps<"evaluation_row">) {
  const pct = percentOf(value.indicator_percentage) ?? 0;
  const indicator = textOf(value.indicator_text);
  const box = boxPlace(pct);
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
        <span className="pv-eval-indicator" data-align={box.align} style={box.style}>
          <span className="pv-eval-box">
            {value.icon_name ? <PreviewIcon name={value.icon_name} size={16} /> : null}
            <span className="pv-eval-text">{indicator}</span>
          </span>
        </span>
        <span className="pv-eval-pin" style={{ right: `${pct}%` }} data-percentage={pct} aria-hidden="true" />
        <span className="pv-eval-bar">
          {SECTIONS.map((side) => (
            <span
              key={side}
              className={`pv-eval-section pv-eval-${side}`}
              data-section={side}
              style={{ backgroundColor: colorValue(value[side]?.section_color, theme) }}
            >
              <CutText text={textOf(value[side]?.text)} max={SECTION_MAX} />
            </span>
          ))}
        </span>
      </div>
      <span className="pv-sr-only">{`${persianDigits(pct)}٪`}</span>
    </div>
  );
}
