import { type ReactNode, useCallback, useEffect, useState } from "react";
import * as z from "zod";
import { type FetchJson, fetchJsonSameOrigin } from "../inbox/fetch-json";
import { maybeDelivered } from "../proxy/maybe-delivered";
import { ConfirmButton } from "./confirm-button";

/** One record of GET /api/history (docs/api.md, "Publish history"), as the editor reads it. */
const recordSchema = z.looseObject({
  id: z.number(),
  at: z.string(),
  operation: z.enum(["publish", "remove", "send"]),
  target: z.looseObject({
    kind: z.enum(["post_addon", "user_addon", "user_semantic", "chat_message"]),
    ref: z.string(),
    id: z.string(),
  }),
  body: z.unknown(),
  result: z.looseObject({
    ok: z.boolean(),
    status: z.number(),
    response: z.unknown().optional(),
    error: z.looseObject({ code: z.string(), message: z.string() }).optional(),
  }),
});
export type ServerRecord = z.infer<typeof recordSchema>;
const pageSchema = z.object({ records: z.array(z.unknown()), nextBefore: z.number().nullable() });

const WHAT: Record<ServerRecord["target"]["kind"], string> = {
  post_addon: "post add-on",
  user_addon: "user add-on",
  user_semantic: "user semantic",
  chat_message: "chat message",
};

const addonAnswerSchema = z.looseObject({ id: z.string().min(1) });

/** The user add-on id a publish answered with (spec 4.7 `{id}`), for removing it later. */
export function addonIdOfRecord(r: ServerRecord): string | undefined {
  if (r.target.kind !== "user_addon" || r.operation !== "publish") return undefined;
  const answer = addonAnswerSchema.safeParse(r.result.response);
  return answer.success ? answer.data.id : undefined;
}

/** The send-flow target that publishes a record again, or removes what it published (undefined: not possible). */
export function recordTarget(
  r: ServerRecord,
  action: "again" | "remove",
): Record<string, string> | undefined {
  const t = r.target;
  const user: Record<string, string> | undefined =
    t.ref === "phone" ? { phone: t.id } : t.ref === "divar_user_id" ? { divarUserId: t.id } : undefined;
  if (r.operation !== "publish") return undefined;
  switch (t.kind) {
    case "post_addon":
      return action === "again" ? { op: "publish", postToken: t.id } : { op: "deletePost", postToken: t.id };
    case "user_addon": {
      if (action === "again") return user ? { op: "publish", ...user } : undefined;
      const addonId = addonIdOfRecord(r);
      return addonId ? { op: "deleteUserAddon", addonId } : undefined;
    }
    case "user_semantic":
      if (action === "again") return user ? { op: "semantic", ...user } : undefined;
      // Removal by divar_user_id also needs the phone, which the record does not hold.
      return t.ref === "phone" ? { op: "deleteSemantic", phone: t.id } : undefined;
    case "chat_message":
      return undefined;
  }
}

/**
 * What a record published or removed, as one key: a post's add-ons (a removal takes them all), a user
 * add-on by its id, a user's semantic by phone. Undefined for what has no removal (a chat message, a
 * user add-on without an id, semantic by divar_user_id).
 */
function removalKey(r: ServerRecord): string | undefined {
  const t = r.target;
  if (t.kind === "post_addon") return `post:${t.id}`;
  if (t.kind === "user_semantic" && t.ref === "phone") return `semantic:${t.id}`;
  if (t.kind !== "user_addon") return undefined;
  const id = r.operation === "remove" ? t.id : addonIdOfRecord(r);
  return id ? `user_addon:${id}` : undefined;
}

/**
 * The ids of publish records whose add-on (or semantic) a later removal in `records` (newest first)
 * already took away: they offer no Remove, which would send the same removal to the platform again.
 */
export function removedLater(records: readonly ServerRecord[]): Set<number> {
  const removed = new Set<string>();
  const gone = new Set<number>();
  for (const r of records) {
    const k = removalKey(r);
    if (!k) continue;
    if (r.operation === "remove" && r.result.ok) removed.add(k);
    else if (r.operation === "publish" && removed.has(k)) gone.add(r.id);
  }
  return gone;
}

export interface ServerHistoryProps {
  /** Shown instead when the proxy keeps no history (404: no store): the browser's own. */
  fallback: ReactNode;
  /** Changes after each finished send, so the list reads the proxy again. */
  refreshKey: number;
  disabled: boolean;
  fetchJson?: FetchJson;
  onOpen(record: ServerRecord): void;
  /** Runs a send-flow target (recordTarget) with the record's body. */
  onRun(target: Record<string, string>, body: unknown): void;
}

/**
 * The signed-in user's publish history kept by the proxy (every browser's), newest first, with
 * "Load older"; each publish can be opened in the editor, published again or removed.
 */
export function ServerHistory(props: ServerHistoryProps) {
  const fetchJson = props.fetchJson ?? fetchJsonSameOrigin;
  const [records, setRecords] = useState<ServerRecord[] | null>(null);
  const [next, setNext] = useState<number | null>(null);
  const [error, setError] = useState<string | undefined>(undefined);
  const [absent, setAbsent] = useState(false);

  const load = useCallback(
    async (before?: number) => {
      try {
        const { status, json } = await fetchJson(`/api/history${before ? `?before=${before}` : ""}`);
        if (status === 404) {
          setAbsent(true);
          return;
        }
        const page = pageSchema.safeParse(json);
        if (status !== 200 || !page.success) {
          setError(`The publish history could not be read (HTTP ${status}).`);
          return;
        }
        const got = page.data.records.flatMap((r) => {
          const p = recordSchema.safeParse(r);
          return p.success ? [p.data] : [];
        });
        setError(undefined);
        setRecords((old) => (before ? [...(old ?? []), ...got] : got));
        setNext(page.data.nextBefore);
      } catch {
        setError("The publish history could not be read (the studio did not answer).");
      }
    },
    [fetchJson],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: refreshKey is the trigger to read again
  useEffect(() => {
    void load();
  }, [load, props.refreshKey]);

  if (absent) return <>{props.fallback}</>;
  // The proxy's history cannot be read now: this browser's own, with the reason.
  if (error && records === null)
    return (
      <>
        <p className="muted">{error} Showing what this browser remembers.</p>
        {props.fallback}
      </>
    );
  if (records === null) return <p>Reading the publish history…</p>;
  const gone = removedLater(records);
  return (
    <>
      {records.length === 0 ? <p>Nothing published through this studio yet.</p> : null}
      <ol className="publish-history" aria-label="Publish history (all your browsers)">
        {records.map((r) => {
          const openable =
            r.operation === "publish" && (r.target.kind === "post_addon" || r.target.kind === "user_addon");
          const again = recordTarget(r, "again");
          // What may have been delivered may be there: its removal is offered as a success's is.
          const unsure = !r.result.ok && maybeDelivered(r.result.error?.code);
          const remove = (r.result.ok || unsure) && !gone.has(r.id) ? recordTarget(r, "remove") : undefined;
          const when = new Date(r.at).toLocaleString();
          // Each button is named with its row: a screen reader's list of buttons would otherwise
          // read "Publish again" once per record, with nothing to choose between them.
          const about = `${r.operation} ${WHAT[r.target.kind]} ${r.target.id}, ${when}`;
          return (
            <li key={r.id}>
              <time dateTime={r.at}>{when}</time> · {r.operation} {WHAT[r.target.kind]} · {r.target.id} ·{" "}
              {r.result.ok
                ? "done"
                : `${unsure ? "outcome unknown" : "failed"}: ${r.result.error?.message ?? r.result.status}`}
              {gone.has(r.id) ? " · removed since" : ""}{" "}
              {openable ? (
                <button
                  className="button"
                  type="button"
                  aria-label={`Open in editor: ${about}`}
                  onClick={() => props.onOpen(r)}
                >
                  Open in editor
                </button>
              ) : null}{" "}
              {again ? (
                <button
                  className="button"
                  type="button"
                  disabled={props.disabled}
                  aria-label={`Publish again: ${about}`}
                  onClick={() => props.onRun(again, r.body)}
                >
                  Publish again
                </button>
              ) : null}{" "}
              {remove ? (
                <ConfirmButton
                  label="Remove"
                  labelDetail={`${WHAT[r.target.kind]} ${r.target.id} (${r.operation}, ${when})`}
                  question={`Remove the ${WHAT[r.target.kind]} on ${r.target.id}?`}
                  confirmLabel="Remove it"
                  disabled={props.disabled}
                  onConfirm={() => props.onRun(remove, null)}
                />
              ) : null}
            </li>
          );
        })}
      </ol>
      {error ? <p role="alert">{error}</p> : null}
      {next !== null ? (
        <button className="button" type="button" onClick={() => void load(next)}>
          Load older
        </button>
      ) : null}
    </>
  );
}
