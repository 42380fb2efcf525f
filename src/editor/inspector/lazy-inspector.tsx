import { useEffect, useState } from "react";
import { loadContract } from "../contract/contract-gate";
import { afterFirstPaint } from "../shell/after-first-paint";
import { lazyModule } from "../ui/lazy-module";

// The inspector's forms (generated controls, action and list editors, add-on settings) are not
// needed for the first paint: they travel in their own chunk, fetched once the editor is drawn
// (after its first paint and an idle moment: shell/after-first-paint.ts).
type InspectorModule = typeof import("./inspector");
// The forms show the contract's findings per field: the inspector waits for the contract too.
const inspector = lazyModule<InspectorModule>(() =>
  Promise.all([import("./inspector"), loadContract()]).then(([m]) => m),
);

/** Loads the inspector's chunk (once; a failed fetch is tried again at the next call). */
export const loadInspector = inspector.load;

/** The inspector column; drawn at once when its code is loaded, else "Loading…", or a retry if it failed. */
export function LazyInspector() {
  const mod = inspector.use();
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (mod || failed) return;
    let live = true;
    afterFirstPaint(() =>
      loadInspector().catch(() => {
        if (live) setFailed(true);
      }),
    );
    return () => {
      live = false;
    };
  }, [mod, failed]);
  if (!mod)
    return (
      <section className="panel inspector" aria-label="Inspector" aria-busy={!failed}>
        <div className="panel-body">
          {failed ? (
            <p role="alert">
              The inspector's code could not be loaded (the network or the studio may be down).{" "}
              <button type="button" className="button" onClick={() => setFailed(false)}>
                Try again
              </button>
            </p>
          ) : (
            <p className="muted">Loading the inspector…</p>
          )}
        </div>
      </section>
    );
  return <mod.Inspector />;
}
