import { announce } from "../ui/announcer";
import type { ProxySession } from "./proxy-client";

/** What a send needs a target for: a post (add-ons) or a conversation (chat messages). */
export type TargetWhat = "post" | "conversation";

/**
 * Where the target comes from on the real platform (spec 4.11 and facts "Start address": the start
 * request carries post_token and conversation_id, and the studio's start address passes them on).
 */
const ON_THE_PLATFORM: Record<TargetWhat, string> = {
  post: "On the platform, a post token comes with the start request when a user opens your app from their post (spec 4.11); opened through this studio's start address, the field fills itself.",
  conversation:
    "On the platform, a conversation id comes with the start request when a user opens your app from a chat (spec 4.11), and with each chat message event in the Inbox.",
};

/**
 * Says where a post token or a conversation id comes from: with the embedded emulator, offers its demo
 * post (or conversation) to fill the field and links its index page; with a real platform, one line on where to find it.
 */
export function TargetSource(props: {
  session: ProxySession | null;
  what: TargetWhat;
  onUse: (value: string) => void;
}) {
  const { session, what } = props;
  const emulator = session?.emulator;
  if (emulator) {
    const demo = what === "post" ? emulator.demoPostToken : emulator.demoConversationId;
    const noun = what === "post" ? "post" : "conversation";
    return (
      <p className="target-source">
        {/* Stays after use (idempotent), so keyboard focus is not dropped with it. */}
        <button
          className="button is-small"
          type="button"
          onClick={() => {
            props.onUse(demo);
            // The field it fills is elsewhere in the form: a screen reader hears what changed.
            announce(
              `${what === "post" ? "Post token" : "Conversation id"} set to ${demo}, the emulator's demo ${noun}.`,
            );
          }}
        >
          Use the emulator's demo {noun}
        </button>{" "}
        <span className="muted">
          The local emulator's{" "}
          <a href={emulator.index} target="_blank" rel="noreferrer">
            index page
          </a>{" "}
          lists its posts, users and conversations.
        </span>
      </p>
    );
  }
  if (session?.mode === "platform") return <p className="target-source muted">{ON_THE_PLATFORM[what]}</p>;
  return null;
}
