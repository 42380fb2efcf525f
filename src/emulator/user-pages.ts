import type { Hono } from "hono";
import { isRecord } from "../platform/json";
import { escapeHtml, page, themeOf, themeSwitch } from "./html";
import { previewCss, renderAddonBody } from "./render-addon";
import { DEMO_USER, type EmulatorState, type SemanticRecord, type UserAddonRecord } from "./state";

/** A user as the API addresses them: by phone (spec routes) or by Divar user id (live routes). */
type UserTarget = UserAddonRecord["target"];

function keyOf(target: UserTarget): string {
  return "phone" in target ? target.phone : target.divarUserId;
}

function describeTarget(target: UserTarget): string {
  return "phone" in target ? `phone ${target.phone}` : `Divar user id ${target.divarUserId}`;
}

/** Every user the app addressed (user add-ons or semantic data), plus the demo user. */
export function knownUsers(state: EmulatorState): { key: string; addons: number; semantics: number }[] {
  const keys = new Set<string>([DEMO_USER.phones[0] ?? DEMO_USER.id, DEMO_USER.id]);
  for (const r of [...state.userAddons, ...state.semantics]) keys.add(keyOf(r.target));
  return [...keys].map((key) => ({
    key,
    addons: state.userAddons.filter((a) => keyOf(a.target) === key).length,
    semantics: state.semantics.filter((s) => keyOf(s.target) === key).length,
  }));
}

function semanticTable(rec: SemanticRecord): string {
  const body = isRecord(rec.body) ? rec.body : {};
  const semantic = isRecord(body.semantic) ? body.semantic : {};
  const rows = Object.entries(semantic)
    .map(
      ([k, v]) =>
        `<tr><th scope="row"><code>${escapeHtml(k)}</code></th><td>${escapeHtml(String(v))}</td></tr>`,
    )
    .join("");
  const extras = ["ticket_uuid", "cost"]
    .filter((k) => body[k] !== undefined)
    .map((k) => `<span class="note">${k}: ${escapeHtml(String(body[k]))}</span>`)
    .join(" ");
  return `<section class="card" aria-label="Semantic data ${escapeHtml(rec.id)}"><div class="card-head"><span>Semantic data <code>${escapeHtml(rec.id)}</code> (${escapeHtml(describeTarget(rec.target))})</span></div>
${rows ? `<table class="kv"><tbody>${rows}</tbody></table>` : `<p class="note">No semantic values.</p>`}${extras ? `<p>${extras}</p>` : ""}</section>`;
}

/**
 * A page per user (`/users/<phone or Divar user id>`): the user add-ons and semantic data the app
 * sent about them, drawn as a buyer sees a user's add-ons (the same preview as the post page).
 */
export function addUserPages(app: Hono, state: EmulatorState): void {
  app.get("/users/:key", (c) => {
    const key = c.req.param("key");
    if (!/^[A-Za-z0-9_+-]{1,64}$/.test(key))
      return c.html(page("No such user", "<p>Not a phone number or a Divar user id.</p>"), 404);
    const addons = state.userAddons.filter((a) => keyOf(a.target) === key);
    const semantics = state.semantics.filter((s) => keyOf(s.target) === key);
    const theme = themeOf(c.req.query("theme"));
    const cards = addons
      .map(
        (a) =>
          `<section class="card" aria-label="User add-on ${escapeHtml(a.id)}"><div class="card-head"><span>User add-on <code>${escapeHtml(a.id)}</code> (${escapeHtml(describeTarget(a.target))})</span></div>${renderAddonBody("user", a.body, theme)}</section>`,
      )
      .join("");
    return c.html(
      page(
        `User ${key}`,
        `<style>${previewCss()}</style><h1>User <code>${escapeHtml(key)}</code></h1>
<p class="lead">The user add-ons and semantic data your app sent about this user (newest last). The app shows a user's add-ons on their latest posts.</p>
${addons.length === 0 && semantics.length === 0 ? `<div class="card empty"><p>Nothing was sent about this user yet.</p><p class="note">Publish a user add-on from the studio with this phone number or Divar user id.</p></div>` : ""}
${addons.length > 0 ? themeSwitch(`/users/${encodeURIComponent(key)}`, theme) : ""}${cards}${semantics.map(semanticTable).join("")}`,
      ),
    );
  });
}
