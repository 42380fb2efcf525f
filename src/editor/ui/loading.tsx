import { type ReactNode, Suspense } from "react";

/** A lazily loaded panel's place, saying it is loading meanwhile. */
export function Loading(props: { children: ReactNode }) {
  return <Suspense fallback={<p className="muted">Loading…</p>}>{props.children}</Suspense>;
}
