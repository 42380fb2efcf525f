import { useSyncExternalStore } from "react";
import type { validateBody, validateWidget } from "../../platform/validate";

/** What the editor needs of the contract (zod schemas, validation), loaded after the first paint. */
export interface Contract {
  validateBody: typeof validateBody;
  validateWidget: typeof validateWidget;
  NO_WIDGETS_MESSAGE: string;
}

// The contract (zod and every schema, ~30 KB gzip) is not needed to draw an empty editor or add a
// widget from the palette: the first paint goes without it, and it loads right after. Until it is
// here, validation is "pending" (the Problems tab says it is checking; no count is shown).
let loaded: Contract | null = null;
let pending: Promise<Contract> | null = null;
const listeners = new Set<() => void>();

/** The contract, or null while it is loading. */
export function loadedContract(): Contract | null {
  return loaded;
}

/** Called by the contract's module when it is evaluated. */
export function provideContract(c: Contract): void {
  if (loaded) return;
  loaded = c;
  for (const l of listeners) l();
}

/** Loads the contract's chunk (once; a failed fetch is tried again at the next call). */
export function loadContract(): Promise<Contract> {
  if (loaded) return Promise.resolve(loaded);
  pending ??= import("./contract").then(
    (m) => m.default,
    (e: unknown) => {
      pending = null;
      throw e;
    },
  );
  return pending;
}

/** Calls `listener` when the contract arrives; returns the unsubscribe. */
export function subscribeContract(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The contract in a component, drawn anew when it arrives. */
export function useContract(): Contract | null {
  return useSyncExternalStore(subscribeContract, loadedContract, loadedContract);
}
