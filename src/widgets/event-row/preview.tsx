import { CutText, Divider, ImageOrIcon, textOf, type WidgetPreviewProps } from "../../preview/preview-kit";
import { EVENT_ROW_LIMITS } from "./meta";

const TITLE_MAX = EVENT_ROW_LIMITS.title;
const SUBTITLE_MAX = EVENT_ROW_LIMITS.subtitle;
const LABEL_MAX = EVENT_ROW_LIMITS.label;

/**
 * event_row as the app draws it: a square picture with rounded corners at the right, the bold title
 * and its subtitle beside it, and the label as plain pale text at the left edge, level with the title.
 */
export function EventRowPreview({ value }: WidgetPreviewProps<"event_row">) {
  return (
    <div className="pv-widget pv-event-row">
      <div className="pv-event">
        <span className="pv-event-media">
          <ImageOrIcon imageId={value.image_id} iconName={value.icon_name} size="square" />
        </span>
        <span className="pv-event-texts">
          <CutText className="pv-event-title" text={textOf(value.title)} max={TITLE_MAX} />
          {value.subtitle ? (
            <CutText className="pv-event-subtitle" text={value.subtitle} max={SUBTITLE_MAX} />
          ) : null}
        </span>
        {value.label ? <CutText className="pv-event-label" text={value.label} max={LABEL_MAX} /> : null}
      </div>
      <Divider show={value.has_divider} />
    </div>
  );
}
