import {
  Chevron,
  CutText,
  Divider,
  ImageTile,
  type WidgetPreviewProps,
  limitOf,
  textOf,
} from "../../editor/preview/preview-kit";
import { PreviewIcon } from "../../editor/preview/preview-icons";

const TITLE_MAX = limitOf("selector_row", "title");

/** selector_row as the app draws it: icon or image, title, and a chevron. */
export function SelectorRowPreview({ value }: WidgetPreviewProps<"selector_row">) {
  return (
    <div className="pv-widget pv-selector-row">
      <div className="pv-row">
        {value.image_id ? <ImageTile id={value.image_id} /> : null}
        {!value.image_id && value.icon_name ? <PreviewIcon name={value.icon_name} /> : null}
        <CutText className="pv-row-title" text={textOf(value.title)} max={TITLE_MAX} />
        <Chevron />
      </div>
      <Divider show={value.has_divider} />
    </div>
  );
}
