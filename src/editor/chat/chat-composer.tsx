/** Placeholder: the chat message composer (being built). */
export function ChatComposer() {
  return <section aria-label="Chat composer" />;
}
