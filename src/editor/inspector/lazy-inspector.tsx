import { useEffect, useState } from "react";
import { loadContract } from "../contract/contract-gate";
import { afterFirstPaint } from "../shell/after-first-paint";

// The inspector's forms (generated controls, action and list editors, add-on settings) are not
// needed for the first paint: they travel in their own chunk, fetched once the editor is drawn
// (after its first paint and an idle moment: shell/after-first-paint.ts).
type InspectorModule = typeof import("./inspector");
let loaded: InspectorModule | null = null;
let pending: Promise<InspectorModule> | null = null;

/** Loads the inspector's chunk (once; a failed fetch is tried again at the next call). */
export function loadInspector(): Promise<InspectorModule> {
  // The forms show the contract's findings per field: the inspector waits for the contract too.
  pending ??= Promise.all([import("./inspector"), loadContract()]).then(
    ([m]) => {
      loaded = m;
      return m;
    },
    (e: unknown) => {
      pending = null;
      throw e;
    },
  );
  return pending;
}

/** The inspector column; drawn at once when its code is loaded, else after a short "Loading…". */
export function LazyInspector() {
  const [mod, setMod] = useState(loaded);
  useEffect(() => {
    if (mod) return;
    let live = true;
    afterFirstPaint(() =>
      loadInspector().then(
        (m) => {
          if (live) setMod(m);
        },
        () => {},
      ),
    );
    return () => {
      live = false;
    };
  }, [mod]);
  if (!mod)
    return (
      <section className="panel inspector" aria-label="Inspector" aria-busy="true">
        <div className="panel-body">
          <p className="muted">Loading the inspector…</p>
        </div>
      </section>
    );
  return <mod.Inspector />;
}
