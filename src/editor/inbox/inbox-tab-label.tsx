import { countOf } from "../ui/count-of";

/**
 * The Inbox tab's label: a badge with the events that arrived while it was not shown, and in its
 * accessible name the same in words ("Inbox, 2 new events").
 */
export function InboxTabLabel(props: { unseen: number }) {
  const { unseen } = props;
  return (
    <>
      Inbox
      {unseen > 0 ? (
        <>
          <span className="badge is-new" aria-hidden="true">
            {unseen > 99 ? "99+" : unseen}
          </span>
          <span className="visually-hidden">, {countOf(unseen, "new event")}</span>
        </>
      ) : null}
    </>
  );
}
