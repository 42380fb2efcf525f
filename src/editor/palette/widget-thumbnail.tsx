import type { WidgetKind } from "../../platform";

const INK = "currentColor";

/** A small drawing of how a widget looks in the app (right-to-left, like the preview). */
export function WidgetThumbnail(props: { kind: WidgetKind }) {
  return (
    <svg className="thumb" viewBox="0 0 64 36" width="64" height="36" aria-hidden="true" focusable="false">
      <rect x="0.5" y="0.5" width="63" height="35" rx="5" fill="var(--thumb-bg)" stroke="var(--border)" />
      {shapes(props.kind)}
    </svg>
  );
}

function bar(x: number, y: number, w: number, h = 3, o = 1) {
  return <rect x={x} y={y} width={w} height={h} rx={h / 2} fill={INK} opacity={o} />;
}

function shapes(kind: WidgetKind) {
  switch (kind) {
    case "title_row":
      return <>{bar(18, 15, 38, 6)}</>;
    case "subtitle_row":
      return <>{bar(24, 16, 32, 4, 0.55)}</>;
    case "description_row":
      return (
        <>
          {bar(10, 9, 46, 3, 0.6)}
          {bar(14, 16, 42, 3, 0.6)}
          {bar(26, 23, 30, 3, 0.6)}
        </>
      );
    case "group_info_row":
      return (
        <>
          {bar(42, 10, 14, 3, 0.5)}
          {bar(40, 18, 16, 4)}
          {bar(24, 10, 12, 3, 0.5)}
          {bar(22, 18, 14, 4)}
          {bar(8, 10, 10, 3, 0.5)}
          {bar(6, 18, 12, 4)}
        </>
      );
    case "score_row":
      return (
        <>
          {bar(34, 10, 22, 4)}
          <rect x="8" y="22" width="48" height="4" rx="2" fill={INK} opacity="0.15" />
          <rect x="20" y="22" width="36" height="4" rx="2" fill="var(--ok)" />
        </>
      );
    case "evaluation_row":
      return (
        <>
          <rect x="40" y="20" width="16" height="5" rx="1" fill="var(--ok)" />
          <rect x="24" y="20" width="16" height="5" fill="var(--warn)" />
          <rect x="8" y="20" width="16" height="5" rx="1" fill="var(--err)" />
          <path d="M36 12 l3 5 h-6 z" fill={INK} />
          {bar(28, 7, 18, 3, 0.6)}
        </>
      );
    case "selector_row":
      return (
        <>
          <circle cx="52" cy="18" r="4" fill={INK} opacity="0.6" />
          {bar(22, 16, 24, 4)}
          <path d="M12 14 l-4 4 l4 4" stroke={INK} strokeWidth="1.6" fill="none" />
        </>
      );
    case "event_row":
      return (
        <>
          <rect x="46" y="10" width="12" height="12" rx="3" fill={INK} opacity="0.5" />
          {bar(22, 10, 20, 4)}
          {bar(26, 18, 16, 3, 0.5)}
          <rect x="6" y="12" width="12" height="7" rx="3.5" fill={INK} opacity="0.2" />
        </>
      );
    case "image_carousel_row":
      return (
        <>
          <rect x="22" y="6" width="34" height="22" rx="3" fill={INK} opacity="0.25" />
          <path d="M26 25 l8 -9 l6 6 l4 -4 l8 7 z" fill={INK} opacity="0.45" />
          <rect x="6" y="6" width="12" height="22" rx="3" fill={INK} opacity="0.15" />
          <circle cx="36" cy="31.5" r="1.2" fill={INK} />
          <circle cx="40" cy="31.5" r="1.2" fill={INK} opacity="0.35" />
        </>
      );
    case "button_bar":
      return (
        <>
          <rect x="6" y="10" width="52" height="16" rx="4" fill="var(--accent)" />
          <rect x="20" y="16.5" width="24" height="3" rx="1.5" fill="#fff" />
        </>
      );
  }
}
