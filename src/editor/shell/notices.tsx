import "./notices.css";
import { useStore } from "zustand";
import type { DraftSession } from "../drafts/draft-session";

/** The draft's notices: a failed save, the same draft open in another tab, and one-off messages. */
export function Notices(props: { session: DraftSession }) {
  const s = useStore(props.session.ui);
  const items: Array<{ key: string; tone: "info" | "error"; text: string; dismiss?: () => void }> = [];
  if (s.saveError) items.push({ key: "save", tone: "error", text: s.saveError });
  if (s.openElsewhere)
    items.push({
      key: "tabs",
      tone: "error",
      text: "This draft is also open in another tab. Each tab takes the edits the other saves, but edits made in both at the same moment overwrite each other: close one, or start a new draft here.",
    });
  if (s.notice) items.push({ key: "notice", ...s.notice, dismiss: () => props.session.setNotice(null) });
  if (!items.length) return null;
  return (
    <div className="notices">
      {items.map((n) => (
        <div key={n.key} className={`notice is-${n.tone}`} role={n.tone === "error" ? "alert" : "status"}>
          <span>{n.text}</span>
          {n.dismiss ? (
            <button type="button" className="link-button" onClick={n.dismiss}>
              Dismiss
            </button>
          ) : null}
        </div>
      ))}
    </div>
  );
}
