import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { events } from "./src/server/store/schema";
const client = new PGlite();
const db = drizzle({ client });
await migrate(db, { migrationsFolder: "src/server/store/migrations" });
const payload = { kind: "event", event: { type: "NEW_MESSAGE", new_message: { id: "m", conversation: { id: "c", type: "POST", post_token: "gZ3kQx9aB001" }, sender: { side: "BUYER", type: "HUMAN" }, type: "TEXT", sent_at: 1, text: "سلام، این آگهی هنوز موجود است؟" } } };
async function time(label: string, n: number, fn: () => Promise<unknown>) {
  for (let i = 0; i < 300; i++) await fn();
  const t = performance.now();
  for (let i = 0; i < n; i++) await fn();
  const dt = performance.now() - t;
  console.log(label, Math.round(n / (dt / 1000)), "/s", (dt / n).toFixed(3), "ms");
}
const row = () => ({ receivedAt: new Date(), kind: "event", type: "NEW_MESSAGE", resource: "x", payload });
const prepared = db.insert(events).values({ receivedAt: sql.placeholder("receivedAt"), kind: sql.placeholder("kind"), type: sql.placeholder("type"), resource: sql.placeholder("resource"), payload: sql.placeholder("payload") }).returning({ id: events.id }).prepare("ins");
for (let k = 0; k < 2; k++) {
await time("drizzle returning id", 2000, () => db.insert(events).values(row()).returning({ id: events.id }));
await time("drizzle prepared", 2000, () => prepared.execute({ ...row(), payload: JSON.stringify(payload) }));
await time("raw query", 2000, () => client.query("insert into events (received_at, kind, type, resource, payload) values ($1,$2,$3,$4,$5) returning id", [new Date(), "event", "NEW_MESSAGE", "x", JSON.stringify(payload)]));
}
await client.exec("SET session_replication_role = replica");
await time("drizzle returning id, replica", 2000, () => db.insert(events).values(row()).returning({ id: events.id }));
await time("drizzle prepared, replica", 2000, () => prepared.execute({ ...row(), payload: JSON.stringify(payload) }));
await time("raw query, replica", 2000, () => client.query("insert into events (received_at, kind, type, resource, payload) values ($1,$2,$3,$4,$5) returning id", [new Date(), "event", "NEW_MESSAGE", "x", JSON.stringify(payload)]));
