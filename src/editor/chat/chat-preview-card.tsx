import { useId } from "react";
import { ChatBubblePreview } from "../../preview/chat-bubble-preview";
import type { PreviewTheme } from "../../preview/preview-kit";
import { PreviewThemeSwitch } from "../../preview/preview-theme-switch";
import type { ChatDraft } from "./chat-document";

/** Both sides of the message as the app shows them, with the app's name and the preview's theme. */
export function ChatPreviewCard(props: {
  draft: ChatDraft;
  /** The name drawn (the typed one, else the signed-in app's, else a placeholder). */
  appName: string;
  onAppName: (name: string) => void;
  theme: PreviewTheme;
  onTheme: (theme: PreviewTheme) => void;
}) {
  const { draft, appName, theme } = props;
  const id = useId();
  return (
    <section aria-label="Chat preview" className="panel chat-card">
      <div className="panel-head">
        <h3 className="panel-title">Preview</h3>
        <PreviewThemeSwitch theme={theme} onChange={props.onTheme} />
      </div>
      <div className="panel-body">
        <div className="field">
          <label className="field-label" htmlFor={id}>
            App name (preview only)
          </label>
          <input
            className="input"
            id={id}
            value={draft.appName}
            // The app's display name is often Persian (the docs' own is): it reads from its first letter.
            dir="auto"
            placeholder={appName}
            onChange={(e) => props.onAppName(e.target.value)}
          />
        </div>
        {(["sender", "receiver"] as const).map((side) => (
          <div key={side} className="chat-preview-side" data-chat-side={side}>
            {/* The bubble's region already carries this name for screen readers. */}
            <p className="chat-preview-caption" aria-hidden="true">
              {side === "sender" ? "As the sender sees it" : "As the receiver sees it"}
            </p>
            <ChatBubblePreview
              message={draft.message}
              buttons={{ rows: draft[side].map((r) => ({ buttons: r.buttons.map((b) => b.value) })) }}
              appName={appName}
              side={side}
              theme={theme}
            />
          </div>
        ))}
      </div>
    </section>
  );
}
