import { PreviewIcon } from "../../preview/preview-icons";
import {
  Chevron,
  CutText,
  colorValue,
  Divider,
  ImageTile,
  textOf,
  type WidgetPreviewProps,
} from "../../preview/preview-kit";
import { SELECTOR_ROW_LIMITS } from "./meta";

const TITLE_MAX = SELECTOR_ROW_LIMITS.title;

/** The app paints a selector's icon in the palette's SUCCESS_PRIMARY (the docs picture's green "+"). */
const ICON_COLOR = "SUCCESS_PRIMARY";

/**
 * selector_row as the app draws it: its icon (or, without one, its image), the title, and a chevron.
 * With both icon_name and image_id the icon is drawn: the docs' picture of exactly such a body
 * shows its ADD icon, not the image.
 */
export function SelectorRowPreview({ value, theme }: WidgetPreviewProps<"selector_row">) {
  return (
    <div className="pv-widget pv-selector-row">
      <div className="pv-row">
        {value.icon_name ? (
          <PreviewIcon name={value.icon_name} color={colorValue(ICON_COLOR, theme)} />
        ) : value.image_id ? (
          <ImageTile id={value.image_id} />
        ) : null}
        <CutText className="pv-row-title" text={textOf(value.title)} max={TITLE_MAX} />
        <Chevron />
      </div>
      <Divider show={value.has_divider} />
    </div>
  );
}
