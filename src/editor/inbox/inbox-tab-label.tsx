import { countOf } from "../ui/count-of";
import { CountedLabel } from "../ui/counted-label";

/**
 * The Inbox tab's label: a badge with the events that arrived while it was not shown, and in its
 * accessible name the same in words ("Inbox, 2 new events").
 */
export function InboxTabLabel(props: { unseen: number }) {
  const { unseen } = props;
  return (
    <CountedLabel
      word="Inbox"
      said={unseen > 0 ? countOf(unseen, "new event") : ""}
      badge={{ text: unseen > 99 ? "99+" : String(unseen), className: "is-new" }}
    />
  );
}
