import {
  Chevron,
  CutText,
  Divider,
  ImageOrIcon,
  textOf,
  type WidgetPreviewProps,
} from "../../preview/preview-kit";
import { SELECTOR_ROW_LIMITS } from "./meta";

const TITLE_MAX = SELECTOR_ROW_LIMITS.title;

/** selector_row as the app draws it: icon or image, title, and a chevron. */
export function SelectorRowPreview({ value }: WidgetPreviewProps<"selector_row">) {
  return (
    <div className="pv-widget pv-selector-row">
      <div className="pv-row">
        <ImageOrIcon imageId={value.image_id} iconName={value.icon_name} />
        <CutText className="pv-row-title" text={textOf(value.title)} max={TITLE_MAX} />
        <Chevron />
      </div>
      <Divider show={value.has_divider} />
    </div>
  );
}
