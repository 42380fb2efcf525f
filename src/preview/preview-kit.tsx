import type { CSSProperties } from "react";
import { COLOR_SWATCHES, type Color, THEME_TEXT } from "../platform/color-values";
import { codePointLength, truncateCodePoints } from "../platform/text";
import type { Widget } from "../platform/widgets";
import type { WidgetKind } from "../widgets/registry";
import { PreviewIcon } from "./preview-icons";

/** The app's two themes, as the preview switches between them. */
export type PreviewTheme = "light" | "dark";

/** The fields of one widget kind, as held in a widget object. */
export type WidgetValue<K extends WidgetKind> = NonNullable<Widget[K]>;

/** Props every widget preview takes. They are pure: no store, no browser APIs while rendering. */
export interface WidgetPreviewProps<K extends WidgetKind> {
  value: WidgetValue<K>;
  theme: PreviewTheme;
}

/** A string field's value, or "" when an in-progress document holds something else. */
export function textOf(v: unknown): string {
  return typeof v === "string" ? v : "";
}

/** The swatch of a v2 colour in a theme, or undefined for anything that is not one. */
export function colorValue(color: unknown, theme: PreviewTheme): string | undefined {
  if (typeof color !== "string" || !Object.hasOwn(COLOR_SWATCHES, color)) return undefined;
  return COLOR_SWATCHES[color as Color][theme];
}

const PERSIAN = "۰۱۲۳۴۵۶۷۸۹";

/** Writes ASCII digits as Persian digits, as the app shows numbers. */
export function persianDigits(text: string | number): string {
  return String(text).replace(/[0-9]/g, (d) => PERSIAN[Number(d)] ?? d);
}

/** Clamps a value to a percentage 0..100, or undefined when it is not a number. */
export function percentOf(v: unknown): number | undefined {
  if (typeof v !== "number" || !Number.isFinite(v)) return undefined;
  return Math.min(100, Math.max(0, v));
}

/** CSS custom properties of a theme, taken from the contract's THEME_TEXT so the CSS never repeats them. */
export function themeVars(theme: PreviewTheme): CSSProperties {
  const t = THEME_TEXT[theme];
  return {
    "--pv-text-primary": t.primary,
    "--pv-text-secondary": t.secondary,
    "--pv-text-hint": t.hint,
    "--pv-divider": t.divider,
  } as CSSProperties;
}

/**
 * A text as the app shows it: over its limit, the kept part is normal and the part the app cuts is
 * struck through and faded, so the author sees exactly where the cut falls.
 */
export function CutText(props: { text: string; max: number | undefined; className?: string }) {
  const { text, max, className } = props;
  if (max === undefined || codePointLength(text) <= max) return <span className={className}>{text}</span>;
  const kept = truncateCodePoints(text, max);
  const cut = text.slice(kept.length);
  const over = codePointLength(text) - max;
  // A cut inside a Persian word would break the letters' joining at the element boundary; a zero-width
  // joiner on both sides keeps each letter in the shape it has in the whole word.
  const join = joinsAcross(kept, cut) ? ZWJ : "";
  return (
    <span className={className}>
      {kept}
      {join}
      <del className="pv-cut" title={`The app cuts these ${over} characters (limit ${max})`}>
        {join}
        {cut}
      </del>
    </span>
  );
}

const ZWJ = "\u200D";
const ARABIC_LETTER = /[\u0620-\u064A\u066E-\u06D3\u06FA-\u06FF\u0750-\u077F]/u;

/**
 * Letters that never join the letter after them (Unicode Joining_Type R, and the hamza, U): alef,
 * dal, zal, reh, zain, jeh, waw and their variants. After one, the next letter starts a new shape.
 */
const JOINS_ONLY_BEFORE =
  /[\u0621-\u0625\u0627\u0629\u062F-\u0632\u0648\u0671-\u0673\u0675-\u0677\u0688-\u0699\u06C0\u06C3-\u06CB\u06CD\u06CF\u06D2\u06D3\u06EE\u06EF\u0759-\u075B\u076B\u076C\u0771\u0773\u0774\u0778\u0779]/u;

/**
 * True when the text is cut inside a word between two letters that are joined in it: the kept part
 * ends in a letter that joins the next one. A joiner after "ر" (کار|برد) would give the "ب" a joined
 * shape it does not have in the word.
 */
function joinsAcross(kept: string, cut: string): boolean {
  // A vowel mark rides on the letter before it: the letter is what joins.
  const before = Array.from(kept.replace(/\p{Mn}+$/u, "")).at(-1) ?? "";
  const after = Array.from(cut)[0] ?? "";
  return (
    ARABIC_LETTER.test(before) &&
    !JOINS_ONLY_BEFORE.test(before) &&
    ARABIC_LETTER.test(after) &&
    !NEVER_JOINS.test(after)
  );
}

/** Letters that join neither side (Joining_Type U): the hamza; before one, the letter ends its shape. */
const NEVER_JOINS = /[\u0621\u0674]/u;

/** The thin line the app draws under a widget with a divider. */
export function Divider(props: { show: unknown }) {
  return props.show === true ? <hr className="pv-divider" /> : null;
}

/** How big the app draws an image: a row's small picture, an event's square, a carousel's 4:3 frame. */
export type ImageSize = "small" | "square" | "large";

/** An image by id: `logo` is the app's logo; other ids are uploads the preview cannot fetch, shown as a labelled tile. */
export function ImageTile(props: { id: string; size?: ImageSize }) {
  const { id, size = "small" } = props;
  if (id === "logo")
    return (
      <span className={`pv-image pv-image-${size} pv-image-logo`} role="img" aria-label="App logo">
        <svg viewBox="0 0 24 24" width="60%" height="60%" aria-hidden="true">
          <rect x="3" y="3" width="18" height="18" rx="6" fill="currentColor" opacity=".25" />
          <path
            d="M8 15V9l4 3 4-3v6"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinejoin="round"
          />
        </svg>
        <span className="pv-image-id">logo</span>
      </span>
    );
  return (
    <span
      className={`pv-image pv-image-${size}`}
      role="img"
      aria-label={`Image ${id}`}
      title={`Uploaded image ${id}`}
    >
      <svg viewBox="0 0 24 24" width="40%" height="40%" aria-hidden="true">
        <rect x="3" y="5" width="18" height="14" rx="2" fill="none" stroke="currentColor" strokeWidth="1.6" />
        <path d="m6 16 4-4 3 3 2-2 3 3" fill="none" stroke="currentColor" strokeWidth="1.6" />
      </svg>
      <span className="pv-image-id" dir="ltr">
        {id}
      </span>
    </span>
  );
}

/** A row's leading picture: its image when it has one, otherwise its icon (the app never shows both). */
export function ImageOrIcon(props: {
  imageId: string | undefined;
  iconName: string | undefined;
  size?: ImageSize;
}) {
  if (props.imageId) return <ImageTile id={props.imageId} size={props.size} />;
  return props.iconName ? <PreviewIcon name={props.iconName} /> : null;
}

/** The chevron at the end of a tappable row; in a right-to-left row it points left. */
export function Chevron() {
  return (
    <svg className="pv-chevron" width="18" height="18" viewBox="0 0 24 24" aria-hidden="true">
      <path d="m15 6-6 6 6 6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}
