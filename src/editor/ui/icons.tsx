/** Small stroke icons for the chrome (inline, so no font or request is needed). */
export function ChromeIcon(props: { name: "up" | "down" | "duplicate" | "delete" }) {
  const d = {
    up: "M8 13V3M3.5 7.5 8 3l4.5 4.5",
    down: "M8 3v10M3.5 8.5 8 13l4.5-4.5",
    duplicate: "M5.5 5.5h7v7h-7zM3.5 10.5v-7h7",
    delete: "M3 4.5h10M6.5 4.5V3h3v1.5M4.5 4.5l.7 8.5h5.6l.7-8.5",
  }[props.name];
  return (
    <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false">
      <path
        d={d}
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
