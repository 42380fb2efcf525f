import { CutText, Divider, textOf, type WidgetPreviewProps } from "../../preview/preview-kit";
import { SUBTITLE_ROW_LIMITS } from "./meta";

const MAX = SUBTITLE_ROW_LIMITS.text;

/** subtitle_row as the app draws it: a secondary line under a title. */
export function SubtitleRowPreview({ value }: WidgetPreviewProps<"subtitle_row">) {
  return (
    <div className="pv-widget pv-subtitle-row">
      <CutText className="pv-subtitle" text={textOf(value.text)} max={MAX} />
      <Divider show={value.has_divider} />
    </div>
  );
}
