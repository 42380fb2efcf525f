import { CutText, textOf, type WidgetPreviewProps } from "../../preview/preview-kit";
import { BUTTON_BAR_LIMITS } from "./meta";

const TITLE_MAX = BUTTON_BAR_LIMITS.title;

/** button_bar as the app draws it: one wide button (drawn, not a real button, so clicking it selects the widget). */
export function ButtonBarPreview({ value }: WidgetPreviewProps<"button_bar">) {
  return (
    <div className="pv-widget pv-button-bar">
      <span className="pv-wide-button">
        <CutText text={textOf(value.title)} max={TITLE_MAX} />
      </span>
    </div>
  );
}
