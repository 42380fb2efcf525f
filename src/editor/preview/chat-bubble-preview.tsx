import type { ChatMessage } from "../../platform/bodies";
import { PreviewIcon } from "./preview-icons";
import { type PreviewTheme, textOf, themeVars } from "./preview-kit";

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
  /** Shown above the bubble, as the app names the add-on app that sent it. */
  appName: string;
  /** The sender sees the message as their own (at the start, right); the receiver as incoming (at the end). */
  side: "sender" | "receiver";
  theme: PreviewTheme;
}

/** A chat message as one side sees it: right to left, the app's name above, the buttons under it. */
export function ChatBubblePreview(props: ChatBubblePreviewProps) {
  const { message, buttons, appName, side, theme } = props;
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
        <span className="pv-chat-app">{appName}</span>
        <div className="pv-chat-bubble">
          <p className="pv-chat-text">{message}</p>
        </div>
        {rows.length > 0 ? (
          <div className="pv-chat-buttons">
            {rows.map((row, r) => (
              // Rows have no identity of their own in the body; position is the identity here.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              <div className="pv-chat-row" key={r}>
                {(Array.isArray(row?.buttons) ? row.buttons : []).map((b, i) => {
                  const icon = textOf(b?.icon_name) || textOf(b?.icon);
                  return (
                    // biome-ignore lint/suspicious/noArrayIndexKey: as above
                    <span className="pv-chat-button" key={i}>
                      {icon ? <PreviewIcon name={icon} size={16} /> : null}
                      <span>{textOf(b?.caption)}</span>
                    </span>
                  );
                })}
              </div>
            ))}
          </div>
        ) : null}
      </section>
    </div>
  );
}
