import { CutText, Divider, textOf, type WidgetPreviewProps } from "../../preview/preview-kit";
import { GROUP_INFO_ROW_LIMITS } from "./meta";

const TITLE_MAX = GROUP_INFO_ROW_LIMITS.title;
const VALUE_MAX = GROUP_INFO_ROW_LIMITS.value;

/**
 * group_info_row as the app draws it: two or three columns split by thin vertical lines, each a
 * secondary title above its bold value.
 */
export function GroupInfoRowPreview({ value }: WidgetPreviewProps<"group_info_row">) {
  const items = Array.isArray(value.items) ? value.items : [];
  return (
    <div className="pv-widget pv-group-info-row">
      <dl className="pv-group" style={{ gridTemplateColumns: `repeat(${Math.max(1, items.length)}, 1fr)` }}>
        {items.map((item, i) => (
          // Items have no identity beyond their position, and reordering re-renders the row anyway.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <div className="pv-group-item" key={i}>
            <dt className="pv-group-title">
              <CutText text={textOf(item?.title)} max={TITLE_MAX} />
            </dt>
            <dd className="pv-group-value">
              <CutText text={textOf(item?.value)} max={VALUE_MAX} />
            </dd>
          </div>
        ))}
      </dl>
      <Divider show={value.has_divider} />
    </div>
  );
}
