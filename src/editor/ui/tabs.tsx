import type { ReactNode } from "react";
import { onTabKeys } from "./tab-keys";

/** One tab: its key (also the end of its DOM id) and what it shows. */
export interface TabItem<T extends string> {
  id: T;
  label: ReactNode;
}

/**
 * The tabindex of one tab under roving focus: only the selected tab (or the first, when none of
 * them is selected) is a Tab stop; the arrow keys move between the others.
 */
export function rovingTabIndex<T extends string>(ids: readonly T[], selected: T, id: T): 0 | -1 {
  const stop = ids.includes(selected) ? selected : ids[0];
  return id === stop ? 0 : -1;
}

/**
 * A row of ARIA tabs for one panel (`controls`), as the WAI-ARIA tabs pattern: the row is one Tab
 * stop (the selected tab); a click, or the arrow keys, Home and End, choose and focus a tab.
 */
export function Tabs<T extends string>(props: {
  label: string;
  tabs: readonly TabItem<T>[];
  selected: T;
  onSelect: (id: T) => void;
  controls: string;
  /** The DOM id of a tab, so the panel can name it (aria-labelledby) and keys can focus it. */
  domId: (id: T) => string;
  className?: string;
}) {
  const ids = props.tabs.map((t) => t.id);
  return (
    <div
      className={props.className ? `tabs ${props.className}` : "tabs"}
      role="tablist"
      aria-label={props.label}
    >
      {props.tabs.map((t) => (
        <button
          key={t.id}
          type="button"
          role="tab"
          id={props.domId(t.id)}
          className="tab"
          aria-selected={props.selected === t.id}
          tabIndex={rovingTabIndex(ids, props.selected, t.id)}
          aria-controls={props.controls}
          onClick={() => props.onSelect(t.id)}
          onKeyDown={(e) => onTabKeys(e, ids, t.id, props.onSelect, props.domId)}
        >
          {t.label}
        </button>
      ))}
    </div>
  );
}
