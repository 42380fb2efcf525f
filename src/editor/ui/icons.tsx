const PATHS = {
  up: "M8 13V3M3.5 7.5 8 3l4.5 4.5",
  down: "M8 3v10M3.5 8.5 8 13l4.5-4.5",
  duplicate: "M5.5 5.5h7v7h-7zM3.5 10.5v-7h7",
  delete: "M3 4.5h10M6.5 4.5V3h3v1.5M4.5 4.5l.7 8.5h5.6l.7-8.5",
  undo: "M5.5 3.5 3 6l2.5 2.5M3 6h6.5a3.5 3.5 0 0 1 0 7H6",
  redo: "M10.5 3.5 13 6l-2.5 2.5M13 6H6.5a3.5 3.5 0 0 0 0 7H10",
  plus: "M8 3v10M3 8h10",
  chevron: "M4 6l4 4 4-4",
  share:
    "M6.5 9.5l3-3M7 4.5l1.2-1.2a2.5 2.5 0 0 1 3.5 3.5L10.5 8M9 11.5l-1.2 1.2a2.5 2.5 0 0 1-3.5-3.5L5.5 8",
  templates: "M2.5 3.5h4.5v4h-4.5zM9 3.5h4.5v4H9zM2.5 9.5h4.5v3.5h-4.5zM9 9.5h4.5v3.5H9z",
} as const;

/** Names of the chrome's icons. */
export type ChromeIconName = keyof typeof PATHS;

/** Small stroke icons for the chrome (inline, so no font or request is needed). */
export function ChromeIcon(props: { name: ChromeIconName }) {
  return (
    <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false">
      <path
        d={PATHS[props.name]}
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
