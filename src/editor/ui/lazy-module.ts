import { useSyncExternalStore } from "react";

/**
 * A chunk loaded after the first paint (the contract, dnd-kit, the inspector, TanStack Virtual):
 * fetched once, fetched again at the next `load` if it failed, and read by components, which are
 * drawn anew when it arrives.
 */
export interface LazyModule<T> {
  /** The module, or null until it has arrived. */
  get(): T | null;
  /** Fetches it (once at a time; a failure is tried again at the next call). */
  load(): Promise<T>;
  /** Makes `m` the module now (a chunk that registers itself as it is evaluated). */
  provide(m: T): void;
  /** Calls `listener` when the module arrives; returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
  /** The module in a component, or null until it has arrived. */
  use(): T | null;
}

/**
 * `fetch` imports the chunk; `arrive` may hold the switch back (it calls `publish` when the page may
 * be drawn anew with the module; by default at once).
 */
export function lazyModule<T>(
  fetch: () => Promise<T>,
  arrive: (m: T, publish: () => void) => void = (_, publish) => publish(),
): LazyModule<T> {
  let loaded: T | null = null;
  let pending: Promise<T> | null = null;
  const listeners = new Set<() => void>();
  const provide = (m: T) => {
    if (loaded) return;
    loaded = m;
    for (const l of listeners) l();
  };
  const get = () => loaded;
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  };
  return {
    get,
    provide,
    subscribe,
    load() {
      if (loaded) return Promise.resolve(loaded);
      pending ??= fetch().then(
        (m) =>
          new Promise<T>((resolve) =>
            arrive(m, () => {
              provide(m);
              resolve(loaded ?? m);
            }),
          ),
        (e: unknown) => {
          pending = null;
          throw e;
        },
      );
      return pending;
    },
    use: () => useSyncExternalStore(subscribe, get, () => null),
  };
}
