import type { ReactNode } from "react";

/** Sends the user add-on's semantic on its own (spec 4.8) or deletes the user's (4.9). */
export function SemanticSection(props: {
  id: string;
  withTicketOrCost: boolean;
  /** The live route by divar_user_id: it also takes the user's phone. */
  byId: boolean;
  phone: string;
  phoneOk: boolean;
  onPhone: (phone: string) => void;
  keyCount: number;
  problems: readonly { at: string; message: string }[];
  canSave: boolean;
  onSave: () => void;
  /** The delete button (a confirmation), made by the panel. */
  deleteButton: ReactNode;
  /** The outcome of a save or delete, shown under their buttons. */
  outcome: ReactNode;
}) {
  const { id, phone, phoneOk } = props;
  return (
    <section className="publish-semantic" aria-labelledby={`${id}-sem`}>
      <h3 id={`${id}-sem`}>User semantic</h3>
      <p className="muted">
        Sends this add-on's semantic
        {props.withTicketOrCost ? " (with its ticket_uuid and cost)" : ""} to the same user on its own (spec
        4.8), or deletes what the user has (4.9).
      </p>
      {props.byId ? (
        <div className="field">
          <label className="field-label" htmlFor={`${id}-sem-phone`}>
            User's phone
          </label>
          <input
            className="input"
            id={`${id}-sem-phone`}
            value={phone}
            dir="ltr"
            spellCheck={false}
            inputMode="tel"
            aria-invalid={phone.trim() !== "" && !phoneOk}
            aria-describedby={`${id}-sem-phone-help`}
            onChange={(e) => props.onPhone(e.target.value)}
          />
          <small id={`${id}-sem-phone-help`}>
            {phone.trim() !== "" && !phoneOk
              ? "Phone must be 4 to 15 digits, optionally after +, e.g. 09120000000."
              : "The live route by Divar user id takes the user's phone too: in the body to save, in the query to delete."}
          </small>
        </div>
      ) : null}
      {props.keyCount === 0 ? (
        <p>The add-on has no semantic keys yet: add them under Add-on settings, Semantic.</p>
      ) : null}
      {props.problems.length > 0 && props.keyCount > 0 ? (
        <ul className="publish-blocked" aria-label="Semantic problems">
          {props.problems.map((p) => (
            <li key={`${p.at}:${p.message}`}>
              <code>{p.at}</code>: {p.message}
            </li>
          ))}
        </ul>
      ) : null}
      <div className="publish-actions">
        <button className="button" type="button" disabled={!props.canSave} onClick={props.onSave}>
          Save the user's semantic
        </button>
        {props.deleteButton}
      </div>
      {props.outcome}
    </section>
  );
}
