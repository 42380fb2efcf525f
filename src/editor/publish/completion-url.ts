/** The completion_url (spec 4.11) in the address the platform opened, when it is an http(s) address. */
export function completionParamOf(search: string): string | null {
  const u = new URLSearchParams(search).get("completion_url");
  return u && /^https?:\/\//.test(u) ? u : null;
}

/** The completion address to offer: the one from the page address when it is on the configured origin. */
export function trustedCompletionUrl(fromAddress: string | null, configured: string | null): string | null {
  if (!configured) return null;
  if (!fromAddress) return configured;
  try {
    return new URL(fromAddress).origin === new URL(configured).origin ? fromAddress : configured;
  } catch {
    return configured;
  }
}
