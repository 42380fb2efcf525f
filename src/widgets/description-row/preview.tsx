import { useState } from "react";
import { codePointLength } from "../../platform/text";
import { CutText, Divider, textOf, type WidgetPreviewProps } from "../../preview/preview-kit";
import { DESCRIPTION_LIMIT } from "./meta";

/**
 * How long an expandable description must be before the app folds it: longer than about one line
 * on a phone (the docs' pictures fold their 107-character text, two lines open, to one).
 */
export const COLLAPSED_LENGTH = 50;

/**
 * description_row as the app draws it: a secondary paragraph. A long expandable one is folded to its
 * first line, faded, under a centred "نمایش ادامه" (show more) with a down chevron.
 */
export function DescriptionRowPreview({ value }: WidgetPreviewProps<"description_row">) {
  const [open, setOpen] = useState(false);
  const text = textOf(value.text);
  const foldable = value.expandable === true && codePointLength(text) > COLLAPSED_LENGTH;
  const folded = foldable && !open;
  return (
    <div className="pv-widget pv-description-row" data-folded={folded || undefined}>
      {value.expandable === true ? (
        <span className="pv-description">{text}</span>
      ) : (
        <CutText className="pv-description" text={text} max={DESCRIPTION_LIMIT} />
      )}
      {foldable ? (
        <button
          type="button"
          className="pv-more"
          aria-expanded={open}
          onClick={(e) => {
            e.stopPropagation();
            setOpen(!open);
          }}
          onKeyDown={(e) => e.stopPropagation()}
        >
          {open ? "بستن" : "نمایش ادامه"}
          <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true">
            <path
              d={open ? "m6 15 6-6 6 6" : "m6 9 6 6 6-6"}
              fill="none"
              stroke="currentColor"
              strokeWidth="2.4"
              strokeLinecap="round"
            />
          </svg>
        </button>
      ) : null}
      <Divider show={value.has_divider} />
    </div>
  );
}
