import type { ReactElement } from "react";

/**
 * A few common icons drawn as inline SVG (24x24 grid). The platform's own icon images cannot be
 * shipped, so every other name falls back to a neutral glyph that carries the name as its tooltip.
 */
export const SHAPES: Record<string, ReactElement> = {
  INFO: (
    <>
      <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="M12 11v6M12 7.5v.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </>
  ),
  WARNING: (
    <>
      <path d="M12 3 2 20h20Z" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
      <path d="M12 10v4M12 17v.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </>
  ),
  CHECK_CIRCLE: (
    <>
      <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="m8 12 3 3 5-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </>
  ),
  CANCEL: (
    <>
      <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="m9 9 6 6M15 9l-6 6" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </>
  ),
  HISTORY: (
    <>
      <path d="M4 12a8 8 0 1 0 2.3-5.6" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="M4 4v4h4M12 8v4l3 2" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </>
  ),
  ACCESS_TIME: (
    <>
      <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="M12 7v5l3 2" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </>
  ),
  STAR: (
    <path d="m12 3 2.8 5.8 6.2.9-4.5 4.4 1 6.2L12 17.4l-5.5 2.9 1-6.2L3 9.7l6.2-.9Z" fill="currentColor" />
  ),
  STAR_BORDER: (
    <path
      d="m12 3 2.8 5.8 6.2.9-4.5 4.4 1 6.2L12 17.4l-5.5 2.9 1-6.2L3 9.7l6.2-.9Z"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinejoin="round"
    />
  ),
  CALL: (
    <path
      d="M6.6 10.8a15 15 0 0 0 6.6 6.6l2.2-2.2a1 1 0 0 1 1-.25 11.4 11.4 0 0 0 3.6.57 1 1 0 0 1 1 1V20a1 1 0 0 1-1 1A17 17 0 0 1 3 4a1 1 0 0 1 1-1h3.5a1 1 0 0 1 1 1c0 1.25.2 2.45.57 3.57a1 1 0 0 1-.25 1Z"
      fill="currentColor"
    />
  ),
  PERSON: (
    <>
      <circle cx="12" cy="8" r="4" fill="currentColor" />
      <path d="M4 20c0-4 4-6 8-6s8 2 8 6Z" fill="currentColor" />
    </>
  ),
  PLACE: (
    <>
      <path d="M12 2a7 7 0 0 0-7 7c0 5 7 13 7 13s7-8 7-13a7 7 0 0 0-7-7Z" fill="currentColor" />
      <circle cx="12" cy="9" r="2.5" fill="var(--pv-surface, #fff)" />
    </>
  ),
  HOME: <path d="M3 11 12 3l9 8h-3v9h-5v-6h-2v6H6v-9Z" fill="currentColor" />,
  CAR: (
    <>
      <path d="M5 11 7 6h10l2 5h1v6h-2v2h-3v-2H9v2H6v-2H4v-6Z" fill="currentColor" />
      <circle cx="8" cy="14" r="1.3" fill="var(--pv-surface, #fff)" />
      <circle cx="16" cy="14" r="1.3" fill="var(--pv-surface, #fff)" />
    </>
  ),
  SEND: <path d="M3 20V4l18 8Zm2-3 11.5-5L5 7v3.5l6 1.5-6 1.5Z" fill="currentColor" />,
  ADD: <path d="M12 5v14M5 12h14" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />,
  CLOSE: <path d="m6 6 12 12M18 6 6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />,
  DELETE: (
    <path d="M6 7h12l-1 13H7ZM9 4h6l1 2H8ZM4 6h16" fill="none" stroke="currentColor" strokeWidth="1.8" />
  ),
  EDIT: <path d="m4 20 1-4L16 5l3 3L8 19Zm10-13 3 3" fill="none" stroke="currentColor" strokeWidth="1.8" />,
  SHARE: (
    <>
      <circle cx="18" cy="5" r="2.5" fill="currentColor" />
      <circle cx="6" cy="12" r="2.5" fill="currentColor" />
      <circle cx="18" cy="19" r="2.5" fill="currentColor" />
      <path d="m8 11 8-5M8 13l8 5" stroke="currentColor" strokeWidth="1.6" />
    </>
  ),
  VERIFIED: (
    <>
      <path
        d="m12 2 2.6 2 3.2-.3.9 3.1 2.7 1.8-1.2 3 1.2 3-2.7 1.8-.9 3.1-3.2-.3L12 22l-2.6-2-3.2.3-.9-3.1-2.7-1.8 1.2-3-1.2-3 2.7-1.8.9-3.1 3.2.3Z"
        fill="currentColor"
      />
      <path d="m8.5 12 2.5 2.5 4.5-5" fill="none" stroke="var(--pv-surface, #fff)" strokeWidth="2" />
    </>
  ),
  MONEY: (
    <>
      <rect x="2" y="6" width="20" height="12" rx="2" fill="none" stroke="currentColor" strokeWidth="1.8" />
      <circle cx="12" cy="12" r="3" fill="none" stroke="currentColor" strokeWidth="1.8" />
    </>
  ),
  PAYMENT: (
    <>
      <rect x="2" y="5" width="20" height="14" rx="2" fill="none" stroke="currentColor" strokeWidth="1.8" />
      <path d="M2 10h20" stroke="currentColor" strokeWidth="2.5" />
    </>
  ),
  CHAT_BUBBLE: (
    <path d="M4 4h16v12H8l-4 4Z" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" />
  ),
  LOCK: (
    <>
      <rect x="5" y="10" width="14" height="10" rx="2" fill="currentColor" />
      <path d="M8 10V7a4 4 0 0 1 8 0v3" fill="none" stroke="currentColor" strokeWidth="2" />
    </>
  ),
  SETTINGS: (
    <>
      <circle cx="12" cy="12" r="3.2" fill="none" stroke="currentColor" strokeWidth="2" />
      <path
        d="M12 2v3M12 19v3M2 12h3M19 12h3M4.9 4.9l2.1 2.1M17 17l2.1 2.1M4.9 19.1 7 17M17 7l2.1-2.1"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
      />
    </>
  ),
  HELP: (
    <>
      <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="2" />
      <path
        d="M9.5 9.5a2.5 2.5 0 1 1 3.5 2.3c-.7.3-1 .9-1 1.7M12 17v.5"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
      />
    </>
  ),
  KEYBOARD_ARROW_LEFT: (
    <path d="m15 6-6 6 6 6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
  ),
  KEYBOARD_ARROW_RIGHT: (
    <path d="m9 6 6 6-6 6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
  ),
  DOWNLOAD: (
    <path
      d="M12 4v11m-5-5 5 5 5-5M5 20h14"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
    />
  ),
  VISIBILITY: (
    <>
      <path
        d="M2 12s4-7 10-7 10 7 10 7-4 7-10 7S2 12 2 12Z"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
      />
      <circle cx="12" cy="12" r="3" fill="currentColor" />
    </>
  ),
};

/** Names that look the same as a drawn icon. */
export const ALIASES: Record<string, string> = {
  INFO_OUTLINE: "INFO",
  CHECKED: "CHECK_CIRCLE",
  TAG_CHECK_CIRCLE: "CHECK_CIRCLE",
  SHIELD_CHECK_CIRCLE: "CHECK_CIRCLE",
  VERIFIED_USER: "VERIFIED",
  VERIFIED_GREEN: "VERIFIED",
  CAR_INSPECTED: "VERIFIED",
  CLOCK: "ACCESS_TIME",
  ACCESS_TIME_OUTLINE: "ACCESS_TIME",
  TIMER: "ACCESS_TIME",
  TELEPHONE: "CALL",
  CONTACT_PHONE: "CALL",
  MAP_MARKER: "PLACE",
  PLACE_F: "PLACE",
  CARS: "CAR",
  CAT_VEHICLES: "CAR",
  CAR_INSPECTION: "CAR",
  HELP_OUTLINE: "HELP",
  PAYMENT_OUTLINE: "PAYMENT",
  MONEY_BILLS: "MONEY",
  WALLET: "MONEY",
  CHAT_BUBBLE_F: "CHAT_BUBBLE",
  CHAT_DOUBLE: "CHAT_BUBBLE",
  TRASH_O: "DELETE",
  TRASH_F: "DELETE",
  CLOSE_CIRCLE: "CANCEL",
  CLOSE_CIRCLE_F: "CANCEL",
  REPORT: "WARNING",
};
