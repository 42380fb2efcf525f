/** One key/value row of a subscription's metadata; the id keeps React's rows stable while editing. */
export type Pair = { id: number; key: string; value: string };
let pairIds = 0;

/** The metadata rows of a subscription request (spec 4.4): add, edit and remove key/value pairs. */
export function MetadataPairs(props: { pairs: Pair[]; onPairs: (pairs: Pair[]) => void }) {
  const { pairs, onPairs: setPairs } = props;
  return (
    <fieldset className="metadata">
      <legend>Metadata</legend>
      {pairs.map((p, i) => (
        <div key={p.id} className="pair">
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
              onChange={(e) =>
                setPairs(pairs.map((x) => (x.id === p.id ? { ...x, value: e.target.value } : x)))
              }
            />
          </label>
          <button
            className="icon-button"
            type="button"
            aria-label={`Remove metadata ${i + 1}`}
            onClick={() => setPairs(pairs.filter((x) => x.id !== p.id))}
          >
            Remove
          </button>
        </div>
      ))}
      <button
        className="button"
        type="button"
        onClick={() => setPairs([...pairs, { id: ++pairIds, key: "", value: "" }])}
      >
        Add metadata
      </button>
    </fieldset>
  );
}
