import { useState } from "react";
import { CutText, Divider, type WidgetPreviewProps, textOf } from "../../editor/preview/preview-kit";
import { codePointLength, truncateCodePoints } from "../../platform/text";
import { DESCRIPTION_LIMIT } from "./model";

/** How much of an expandable description shows before "more" (about three lines on a phone). */
export const COLLAPSED_LENGTH = 120;

/** description_row as the app draws it: a paragraph; an expandable one opens with "بیشتر" (more). */
export function DescriptionRowPreview({ value }: WidgetPreviewProps<"description_row">) {
  const [open, setOpen] = useState(false);
  const text = textOf(value.text);
  const expandable = value.expandable === true;
  const long = codePointLength(text) > COLLAPSED_LENGTH;
  let body = <CutText className="pv-description" text={text} max={DESCRIPTION_LIMIT} />;
  if (expandable)
    body = (
      <span className="pv-description">
        {open || !long ? text : `${truncateCodePoints(text, COLLAPSED_LENGTH)}…`}
      </span>
    );
  return (
    <div className="pv-widget pv-description-row">
      {body}
      {expandable && long ? (
        <button
          type="button"
          className="pv-more"
          aria-expanded={open}
          title={open ? "Show less" : "Show more"}
          onClick={(e) => {
            e.stopPropagation();
            setOpen(!open);
          }}
          onKeyDown={(e) => e.stopPropagation()}
        >
          {open ? "بستن" : "بیشتر"}
        </button>
      ) : null}
      <Divider show={value.has_divider} />
    </div>
  );
}
