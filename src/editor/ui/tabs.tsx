import type { ReactNode } from "react";
import { onTabKeys } from "./tab-keys";

/** One tab: its key (also the end of its DOM id) and what it shows. */
export interface TabItem<T extends string> {
  id: T;
  label: ReactNode;
}

/**
 * A row of ARIA tabs for one panel (`controls`): a click, or the arrow keys, Home and End,
 * choose a tab; every tab also stays reachable with Tab.
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
