import { CutText, Divider, textOf, type WidgetPreviewProps } from "../../preview/preview-kit";
import { TITLE_ROW_LIMITS } from "./meta";

const MAX = TITLE_ROW_LIMITS.text;

/** title_row as the app draws it: one bold line. */
export function TitleRowPreview({ value }: WidgetPreviewProps<"title_row">) {
  return (
    <div className="pv-widget pv-title-row">
      <CutText className="pv-title" text={textOf(value.text)} max={MAX} />
      <Divider show={value.has_divider} />
    </div>
  );
}
