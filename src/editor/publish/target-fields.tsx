import type * as z from "zod";

/** How the user to publish to is named. */
export type UserBy = "phone" | "divarUserId";

/** The post token field of a post add-on (kept in the editor store, so it survives reloads). */
export function PostTokenField(props: {
  id: string;
  postToken: string;
  check: z.ZodSafeParseResult<string>;
  onChange: (token: string | null) => void;
}) {
  const { id, postToken, check } = props;
  return (
    <div className="field">
      <label className="field-label" htmlFor={`${id}-token`}>
        Post token
      </label>
      <input
        className="input"
        id={`${id}-token`}
        value={postToken}
        spellCheck={false}
        dir="ltr"
        aria-invalid={postToken !== "" && !check.success}
        aria-describedby={`${id}-token-help`}
        onChange={(e) => props.onChange(e.target.value.trim() || null)}
      />
      <small id={`${id}-token-help`}>
        {postToken !== "" && !check.success
          ? `Post token ${check.error.issues[0]?.message ?? "is not valid"}`
          : "The post to attach the add-on to (8 to 16 letters, digits or underscores)."}
      </small>
    </div>
  );
}

/**
 * The user a user add-on goes to: by phone (with the user's own numbers to pick from) or by id; laid
 * out on as few rows as fit, so the Publish button under it stays in view.
 */
export function UserFields(props: {
  id: string;
  userBy: UserBy;
  userId: string;
  phones: string[] | null;
  disabled: boolean;
  onUserBy: (by: UserBy) => void;
  onUserId: (id: string) => void;
  onMyPhones: () => void;
}) {
  const { id, userBy, userId, phones } = props;
  const byPhone = userBy === "phone";
  return (
    <div className="field">
      <div className="user-target">
        <div className="field">
          <label className="field-label" htmlFor={`${id}-by`}>
            Identify the user by
          </label>
          <select
            className="input"
            id={`${id}-by`}
            value={userBy}
            onChange={(e) => props.onUserBy(e.target.value === "divarUserId" ? "divarUserId" : "phone")}
          >
            <option value="phone">Phone number</option>
            <option value="divarUserId">Divar user id</option>
          </select>
        </div>
        <div className="field is-grow">
          <label className="field-label" htmlFor={`${id}-user`}>
            {byPhone ? "Phone" : "Divar user id"}
          </label>
          <input
            className="input"
            id={`${id}-user`}
            value={userId}
            dir="ltr"
            spellCheck={false}
            aria-describedby={`${id}-user-help`}
            onChange={(e) => props.onUserId(e.target.value)}
          />
        </div>
        {byPhone ? (
          <button className="button" type="button" onClick={props.onMyPhones} disabled={props.disabled}>
            Use my phone numbers
          </button>
        ) : null}
      </div>
      <small id={`${id}-user-help`}>
        {byPhone
          ? "The user's phone number, e.g. 09120000000 (the route of spec 4.7); or use your own numbers."
          : "The user's divar_user_id, as the live platform names users."}
      </small>
      {phones && byPhone ? (
        phones.length === 0 ? (
          <p>The platform lists no phone number for you: type one above.</p>
        ) : (
          <div className="field">
            <label className="field-label" htmlFor={`${id}-phones`}>
              My phone numbers
            </label>
            <select
              className="input"
              id={`${id}-phones`}
              value={phones.includes(userId) ? userId : ""}
              onChange={(e) => props.onUserId(e.target.value)}
            >
              {phones.includes(userId) ? null : <option value="">Choose a number</option>}
              {phones.map((p) => (
                <option key={p} value={p}>
                  {p}
                </option>
              ))}
            </select>
          </div>
        )
      ) : null}
    </div>
  );
}
