import type { ReactNode } from "react";
import type { ChatMessage } from "../platform/bodies";
import { PreviewIcon } from "./preview-icons";
import { type PreviewTheme, persianDigits, textOf, themeVars } from "./preview-kit";

/** The buttons one side of a chat message carries. */
export type ChatButtonSet = NonNullable<ChatMessage["sender_buttons"]>;

/** What the bubble reads of a button set: loose, so an in-progress (invalid) draft still previews. */
export interface PreviewButtonSet {
  rows: ReadonlyArray<{ buttons: ReadonlyArray<{ caption?: unknown; icon_name?: unknown; icon?: unknown }> }>;
}

/** Props of the chat bubble preview. */
export interface ChatBubblePreviewProps {
  message: string;
  buttons?: ChatButtonSet | PreviewButtonSet | undefined;
  /** Shown at the top of the bubble with an app glyph, as the app names the add-on app that sent it. */
  appName: string;
  /** The sender sees the message as their own (at the start, right); the receiver as incoming (at the end). */
  side: "sender" | "receiver";
  theme: PreviewTheme;
  /** The time under the message, "HH:MM" (written in Persian digits); the current time when left out. */
  time?: string;
  /** Wraps each drawn button, e.g. in a form that presses it (the emulator); drawn inert without it. */
  wrapButton?: (button: ReactNode, row: number, index: number) => ReactNode;
}

/** Hours and minutes now, as the bubble's time. */
function clock(): string {
  const d = new Date();
  return `${String(d.getHours()).padStart(2, "0")}:${String(d.getMinutes()).padStart(2, "0")}`;
}

/**
 * A chat message from an app as one side sees it: a light-blue bubble with the app's name and glyph at
 * the top, the text, the time with a tick, and under it each button as a full-width filled button.
 */
export function ChatBubblePreview(props: ChatBubblePreviewProps) {
  const { message, buttons, appName, side, theme, time = clock(), wrapButton } = props;
  const rows = Array.isArray(buttons?.rows) ? buttons.rows : [];
  return (
    <div className="pv-root" data-theme={theme}>
      <section
        className={`pv-chat pv-chat-${side}`}
        dir="rtl"
        lang="fa"
        style={themeVars(theme)}
        aria-label={side === "sender" ? "As the sender sees it" : "As the receiver sees it"}
      >
        <div className="pv-chat-message">
          <div className="pv-chat-bubble">
            <span className="pv-chat-app">
              <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true">
                <path
                  d="M10 4a2 2 0 0 1 4 0v2h4v4h-2a2 2 0 0 0 0 4h2v4h-4v-2a2 2 0 0 0-4 0v2H6v-4h2a2 2 0 0 0 0-4H6V6h4z"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="1.6"
                  strokeLinejoin="round"
                />
              </svg>
              {appName}
            </span>
            <p className="pv-chat-text">{message}</p>
            <span className="pv-chat-meta">
              <time>{persianDigits(time)}</time>
              <svg width="12" height="12" viewBox="0 0 24 24" aria-label="Sent" role="img">
                <path d="m4 12 5 5L20 6" fill="none" stroke="currentColor" strokeWidth="2.4" />
              </svg>
            </span>
          </div>
          <ChatButtonRows rows={rows} wrapButton={wrapButton} />
        </div>
      </section>
    </div>
  );
}

/** A message's button rows as the app draws them: each button full-width and filled, its icon beside the caption. */
export function ChatButtonRows(props: {
  rows: PreviewButtonSet["rows"];
  wrapButton?: ChatBubblePreviewProps["wrapButton"];
}) {
  const { rows, wrapButton } = props;
  return (
    <>
      {rows.map((row, r) => (
        // Rows have no identity of their own in the body; position is the identity here.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <div className="pv-chat-row" key={r}>
          {(Array.isArray(row?.buttons) ? row.buttons : []).map((b, i) => {
            const icon = textOf(b?.icon) || textOf(b?.icon_name);
            const drawn = (
              <span className="pv-chat-button">
                {icon ? <PreviewIcon name={icon} size={20} /> : null}
                <span>{textOf(b?.caption)}</span>
              </span>
            );
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: as above
              <div key={i} className="pv-chat-cell">
                {wrapButton ? wrapButton(drawn, r, i) : drawn}
              </div>
            );
          })}
        </div>
      ))}
    </>
  );
}
