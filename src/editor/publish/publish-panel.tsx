/** Placeholder: the publish panel (being built). */
export function PublishPanel() {
  return <section aria-label="Publish" />;
}
