// What the Share menu says about a link's length and size (header/share-button.tsx).
import { MAX_IMPORT_WIDGETS } from "../json/limits";

/** Links longer than this are cut by some messengers and mail clients (browsers open far longer ones). */
export const LONG_LINK = 8000;

/**
 * The longest link every browser opens: Firefox refuses addresses over 1,048,576 characters
 * (network.standard-url.max-length), Chrome and Edge over 2,097,152 (2 MB; seen as a navigation
 * aborted with nothing shown). A longer link would be copied and sent, and open nothing.
 */
export const SHARE_LINK_MAX = 1024 * 1024;

/** True when browsers would not open a link this long: the add-on goes as a file instead. */
export function linkTooLong(length: number): boolean {
  return length > SHARE_LINK_MAX;
}

/** Why a link of `length` characters cannot be shared, and what to send instead. */
export function tooLongText(length: number): string {
  return `This add-on is too large for a share link: the link would be ${length.toLocaleString("en")} characters, and browsers open at most ${SHARE_LINK_MAX.toLocaleString("en")} (Firefox; Chrome ${(2 * SHARE_LINK_MAX).toLocaleString("en")}). No link was copied. Send the add-on as a file instead (download it here); whoever receives it opens it with “Open a JSON file…” in the JSON tab.`;
}

/** The warning under a link that opens in browsers but that some apps cut; null for a short link. */
export function longLinkText(length: number): string | null {
  if (length <= LONG_LINK) return null;
  return `This link is ${length.toLocaleString("en")} characters long. Browsers open it, but some chat apps and mail clients cut long links: for an add-on this size, send the downloaded JSON file instead.`;
}

/** Why the Share menu gives no link, and whether the add-on can go as a file instead. */
export interface ShareBlock {
  text: string;
  /** Offer Download JSON (a file the receiver opens with Open a JSON file…). */
  download: boolean;
}

/**
 * Why a link of `length` characters to an add-on of `widgets` widgets would not open (null when it
 * would): over the studio's widget maximum, opening it is refused; over browsers' length, nothing opens.
 */
export function shareBlock(length: number, widgets: number): ShareBlock | null {
  if (widgets > MAX_IMPORT_WIDGETS) {
    const over = widgets - MAX_IMPORT_WIDGETS;
    return {
      text: `This add-on has ${widgets.toLocaleString("en")} widgets; the studio opens at most ${MAX_IMPORT_WIDGETS.toLocaleString("en")}, so a link to it (or its JSON file) would be refused where it is opened. No link was copied. Delete ${over.toLocaleString("en")} ${over === 1 ? "widget" : "widgets"}, or split the add-on into two drafts, then share.`,
      download: false,
    };
  }
  return linkTooLong(length) ? { text: tooLongText(length), download: true } : null;
}
