import { useEffect, useRef } from "react";

/** One key/value row of a subscription's metadata; the id keeps React's rows stable while editing. */
export type Pair = { id: number; key: string; value: string };
let pairIds = 0;

/** The metadata rows of a subscription request (spec 4.4): add, edit and remove key/value pairs. */
export function MetadataPairs(props: { pairs: Pair[]; onPairs: (pairs: Pair[]) => void }) {
  const { pairs, onPairs: setPairs } = props;
  const box = useRef<HTMLFieldSetElement>(null);
  // A pair just added: its key box takes focus once drawn.
  const focusAdded = useRef<number | null>(null);
  useEffect(() => {
    if (focusAdded.current === null) return;
    box.current?.querySelector<HTMLInputElement>(`[data-pair="${focusAdded.current}"] input`)?.focus();
    focusAdded.current = null;
  });
  /**
   * Removes a pair; focus, which was on its Remove button, goes to the key of the pair that takes
   * its place (else the one before, else Add metadata) rather than to the page.
   */
  const remove = (at: number) => {
    const next = pairs[at + 1] ?? pairs[at - 1];
    const target = next
      ? box.current?.querySelector<HTMLInputElement>(`[data-pair="${next.id}"] input`)
      : box.current?.querySelector<HTMLButtonElement>(":scope > button");
    target?.focus();
    setPairs(pairs.filter((_, i) => i !== at));
  };
  return (
    <fieldset className="metadata" ref={box}>
      <legend>Metadata</legend>
      {pairs.map((p, i) => (
        <div key={p.id} className="pair" data-pair={p.id}>
          <label>
            Key {i + 1}
            <input
              className="input"
              value={p.key}
              dir="ltr"
              onChange={(e) =>
                setPairs(pairs.map((x) => (x.id === p.id ? { ...x, key: e.target.value } : x)))
              }
            />
          </label>
          <label>
            Value {i + 1}
            <input
              className="input"
              value={p.value}
              dir="auto"
              onChange={(e) =>
                setPairs(pairs.map((x) => (x.id === p.id ? { ...x, value: e.target.value } : x)))
              }
            />
          </label>
          <button
            className="icon-button"
            type="button"
            aria-label={`Remove metadata ${i + 1}`}
            onClick={() => remove(i)}
          >
            Remove
          </button>
        </div>
      ))}
      <button
        className="button"
        type="button"
        onClick={() => {
          const id = ++pairIds;
          focusAdded.current = id;
          setPairs([...pairs, { id, key: "", value: "" }]);
        }}
      >
        Add metadata
      </button>
    </fieldset>
  );
}
