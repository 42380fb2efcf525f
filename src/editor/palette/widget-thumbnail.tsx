import type { WidgetKind } from "../../platform";
import { WIDGET_VIEWS } from "../../widgets/views";

/** A small drawing of how a widget looks in the app (right-to-left, like the preview). */
export function WidgetThumbnail(props: { kind: WidgetKind }) {
  const Shapes = WIDGET_VIEWS[props.kind].Thumbnail;
  return (
    <svg className="thumb" viewBox="0 0 64 36" width="64" height="36" aria-hidden="true" focusable="false">
      <rect x="0.5" y="0.5" width="63" height="35" rx="5" fill="var(--thumb-bg)" stroke="var(--border)" />
      <Shapes />
    </svg>
  );
}
