import { CutText, Divider, limitOf, textOf, type WidgetPreviewProps } from "../../preview/preview-kit";

const MAX = limitOf("subtitle_row", "text");

/** subtitle_row as the app draws it: a secondary line under a title. */
export function SubtitleRowPreview({ value }: WidgetPreviewProps<"subtitle_row">) {
  return (
    <div className="pv-widget pv-subtitle-row">
      <CutText className="pv-subtitle" text={textOf(value.text)} max={MAX} />
      <Divider show={value.has_divider} />
    </div>
  );
}
