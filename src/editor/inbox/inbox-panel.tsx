/** Placeholder: the event inbox (being built). */
export function InboxPanel() {
  return <section aria-label="Event inbox" />;
}
