import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { Hono } from "hono";
import { POST_TOKEN_PATTERN } from "../platform/actions";
import type { FetchLike } from "../platform/fetch-like";
import type { VersionHeader } from "./deliveries";
import { deliverEvent, deliveryNote, sendStartRequest } from "./deliveries";
import {
  escapeHtml,
  FAVICON_PATH,
  FAVICON_SVG,
  FONT_FILES,
  FONT_PATH,
  page,
  themeOf,
  themeSwitch,
} from "./html";
import { previewCss, renderAddonBody } from "./render-addon";
import { renderAppMessage } from "./render-chat";
import {
  conversationFor,
  DEMO_CONVERSATION_ID,
  DEMO_POST_TOKEN,
  DEMO_USER,
  type EmulatorState,
  newId,
} from "./state";
import { addUserPages, knownUsers } from "./user-pages";

function timeOf(ms: number): string {
  return new Date(ms).toISOString().slice(11, 16);
}

/**
 * Where a font file is: beside the bundle in the installed package (the build copies them to lib/fonts,
 * since @fontsource is a build-time dependency), else in node_modules when run from the source tree.
 */
function fontPath(file: string): string {
  const bundled = fileURLToPath(new URL(`./fonts/${file}`, import.meta.url));
  return existsSync(bundled)
    ? bundled
    : fileURLToPath(import.meta.resolve(`@fontsource/vazirmatn/files/${file}`));
}

/** Human-facing pages of the emulator: index, post pages, conversation pages and their actions. */
export function createPages(state: EmulatorState, fetchFn: FetchLike): Hono {
  const app = new Hono();
  const notes = new Map<string, string>();
  // Where the last pressed button of a conversation leads, shown on its page with a link to open it.
  const pressed = new Map<string, { caption: string; side: string; what: string; url: string }>();

  // The pages' Persian text is set in the bundled Vazirmatn, served from the package (never a CDN).
  app.get(`${FONT_PATH}/:file`, async (c) => {
    const file = FONT_FILES.find((f) => f === c.req.param("file"));
    if (!file) return c.notFound();
    try {
      const bytes = await readFile(fontPath(file));
      return c.body(new Uint8Array(bytes), 200, {
        "content-type": "font/woff2",
        "cache-control": "public, max-age=86400",
      });
    } catch {
      return c.notFound();
    }
  });

  app.get(FAVICON_PATH, (c) =>
    c.body(FAVICON_SVG, 200, { "content-type": "image/svg+xml", "cache-control": "public, max-age=86400" }),
  );
  // Browsers ask for /favicon.ico on their own, whatever the page links.
  app.get("/favicon.ico", (c) => c.redirect(FAVICON_PATH, 301));

  addUserPages(app, state);

  app.get("/", (c) => {
    const posts = new Set([DEMO_POST_TOKEN, ...state.postAddons.map((a) => a.postToken)]);
    const postLinks = [...posts]
      .map((t) => {
        const n = state.postAddons.filter((a) => a.postToken === t).length;
        const demo = t === DEMO_POST_TOKEN ? "the demo post, " : "";
        return `<li><a href="/posts/${encodeURIComponent(t)}"><code>${escapeHtml(t)}</code></a> <span class="note">${demo}${n === 1 ? "1 add-on" : `${n} add-ons`}</span></li>`;
      })
      .join("");
    const convLinks = [...state.conversations.values()]
      .map(
        (cv) =>
          `<li><a href="/conversations/${encodeURIComponent(cv.id)}"><code>${escapeHtml(cv.id)}</code></a> <span class="note">${cv.id === DEMO_CONVERSATION_ID ? "the demo conversation, " : ""}on post ${escapeHtml(cv.postToken)}, ${cv.messages.length === 1 ? "1 message" : `${cv.messages.length} messages`}</span></li>`,
      )
      .join("");
    const userLinks = knownUsers(state)
      .map(
        (u) =>
          `<li><a href="/users/${encodeURIComponent(u.key)}"><code>${escapeHtml(u.key)}</code></a> <span class="note">${u.addons === 1 ? "1 user add-on" : `${u.addons} user add-ons`}, ${u.semantics === 1 ? "1 semantic record" : `${u.semantics} semantic records`}</span></li>`,
      )
      .join("");
    return c.html(
      page(
        "Index",
        `<h1>Platform emulator</h1>
<p class="lead">What the studio published, as the app shows it. Demo app <code>${escapeHtml(state.app.slug)}</code>; demo user ${escapeHtml(DEMO_USER.phones[0] ?? "")}.</p>
<section class="card" aria-labelledby="posts-h"><h2 id="posts-h">Posts</h2><ul class="plain">${postLinks}</ul></section>
<section class="card" aria-labelledby="users-h"><h2 id="users-h">Users</h2><ul class="plain">${userLinks}</ul></section>
<section class="card" aria-labelledby="convs-h"><h2 id="convs-h">Conversations</h2>${convLinks ? `<ul class="plain">${convLinks}</ul>` : `<p class="note">No conversations yet.</p>`}</section>`,
      ),
    );
  });

  app.get("/posts/:postToken", (c) => {
    const postToken = c.req.param("postToken");
    if (!POST_TOKEN_PATTERN.test(postToken))
      return c.html(page("No such post", "<p>Not a post token.</p>"), 404);
    const now = state.clock.now();
    const addons = state.postAddons.filter((a) => a.postToken === postToken);
    const attached = addons.filter((a) => a.attachAt <= now);
    const pending = addons.length - attached.length;
    const theme = themeOf(c.req.query("theme"));
    const cards = attached
      .map(
        (a) =>
          `<section class="card" aria-label="Add-on of ${escapeHtml(a.appSlug)}"><div class="card-head"><span>From <strong>${escapeHtml(a.appSlug)}</strong></span><span>received ${timeOf(a.receivedAt)} UTC</span></div>${renderAddonBody("post", a.body, theme)}</section>`,
      )
      .join("");
    const note = notes.get(`post:${postToken}`);
    return c.html(
      page(
        `Post ${postToken}`,
        `<style>${previewCss()}</style><h1>Post <code>${escapeHtml(postToken)}</code></h1>
<p class="lead">The add-ons on this post, as a buyer sees them in the app (newest last).</p>
${attached.length > 0 ? themeSwitch(`/posts/${encodeURIComponent(postToken)}`, theme) : ""}${attached.length === 0 ? `<div class="card empty"><p>No add-ons on this post yet.</p><p class="note">Publish one from the studio's Publish panel with this post token.</p></div>` : cards}
${pending > 0 ? `<p class="status" role="status">An add-on was received and will be attached in a moment; this page reloads.</p>` : ""}
<section class="card" aria-labelledby="update-h"><h2 id="update-h">Send a post update event</h2>
<p class="note">Delivers POST_UPDATE to apps subscribed to this post.</p>
<form method="post" action="/posts/${encodeURIComponent(postToken)}/update" class="row">
<select class="input" name="type" aria-label="Update type"><option>PUBLISH</option><option>RETIRE</option><option>ONGOING</option><option>ARCHIVE</option></select>
<button class="btn" type="submit">Send POST_UPDATE</button></form>
${note ? `<p class="status" role="status">${escapeHtml(note)}</p>` : ""}</section>`,
        pending > 0 ? { refreshSeconds: 1 } : {},
      ),
    );
  });

  app.post("/posts/:postToken/update", async (c) => {
    const postToken = c.req.param("postToken");
    const form = await c.req.parseBody();
    const typeRaw = typeof form.type === "string" ? form.type : "PUBLISH";
    const type =
      (["PUBLISH", "RETIRE", "ONGOING", "ARCHIVE"] as const).find((t) => t === typeRaw) ?? "PUBLISH";
    const statuses = await deliverEvent(state, fetchFn, "POST_UPDATE", postToken, () => ({
      type: "POST_UPDATE",
      post_update: { type, post: { token: postToken } },
    }));
    notes.set(`post:${postToken}`, `POST_UPDATE ${type}: ${deliveryNote(statuses)}`);
    return c.redirect(`/posts/${encodeURIComponent(postToken)}`, 303);
  });

  app.get("/conversations/:id", (c) => {
    // Looking at a conversation does not start one (only a message does): no index entry per address visited.
    const id = c.req.param("id");
    const conv = state.conversations.get(id) ?? { id, postToken: DEMO_POST_TOKEN, messages: [] };
    const press = `/conversations/${encodeURIComponent(conv.id)}/press`;
    // The app's messages are drawn by the studio's chat preview (as the app draws them); the buyer's plainly.
    const msgs = conv.messages
      .map((m) =>
        m.from === "app"
          ? `<div class="msg app">${renderAppMessage({
              text: m.text,
              // The slug, as the post page and the studio's preview name the app (the proxy knows only the slug).
              appName: state.app.slug,
              time: timeOf(m.sentAt),
              receiverButtons: m.receiverButtons,
              senderButtons: m.senderButtons,
              pressForm: (side, row, index) => ({
                action: press,
                // The page asks to come back here: the conversation tab stays (see the press route).
                fields: { message: m.id, side, row: String(row), index: String(index), stay: "1" },
              }),
            })}</div>`
          : `<div class="msg ${m.from}"><div class="from">Buyer <span class="note">${timeOf(m.sentAt)}</span></div>
<p dir="auto">${escapeHtml(m.text)}</p></div>`,
      )
      .join("");
    const note = notes.get(`conv:${conv.id}`);
    const lead = pressed.get(conv.id);
    pressed.delete(conv.id);
    const leadHtml = lead
      ? // A press that went through is news, not an error: the neutral style, the caption isolated (Persian in English).
        `<p class="status ok" role="status">Pressed «<bdi>${escapeHtml(lead.caption)}</bdi>» (${lead.side}): ${escapeHtml(lead.what)} <code dir="ltr">${escapeHtml(lead.url)}</code> ${
          // An answer the app gave is only linked when it is a web address (never a javascript: URL).
          /^https?:\/\//i.test(lead.url)
            ? `<a href="${escapeHtml(lead.url)}" target="_blank" rel="noopener">Open it in a new tab</a>`
            : ""
        }</p>`
      : "";
    return c.html(
      page(
        `Conversation ${conv.id}`,
        `<style>${previewCss()}</style><h1>Conversation</h1><p class="lead">Id <code>${escapeHtml(conv.id)}</code> on post <a href="/posts/${encodeURIComponent(conv.postToken)}">${escapeHtml(conv.postToken)}</a>. Reply as the buyer, or press a message's buttons.</p>
<section class="card chat" aria-label="Messages" dir="rtl">${msgs || `<p class="note empty" dir="ltr">No messages yet.</p>`}</section>
${leadHtml}
<form method="post" action="/conversations/${encodeURIComponent(conv.id)}/messages" class="card row">
<label for="reply">Message as the buyer</label> <input id="reply" class="input" name="text" dir="auto" required style="flex:1">
<button class="btn primary" type="submit">Send</button></form>
${note ? `<p class="status" role="status">${escapeHtml(note)}</p>` : ""}`,
      ),
    );
  });

  // A message typed by the user reaches the app as NEW_MESSAGE (spec 6.3.4) for NEW_MESSAGE_ON_POST subscribers.
  app.post("/conversations/:id/messages", async (c) => {
    const conv = conversationFor(state, c.req.param("id"));
    const form = await c.req.parseBody();
    const text = typeof form.text === "string" ? form.text : "";
    const now = state.clock.now();
    const id = newId();
    conv.messages.push({ id, from: "user", text, sentAt: now, senderButtons: [], receiverButtons: [] });
    const statuses = await deliverEvent(state, fetchFn, "NEW_MESSAGE_ON_POST", conv.postToken, () => ({
      type: "NEW_MESSAGE",
      new_message: {
        id,
        conversation: { id: conv.id, type: "POST", post_token: conv.postToken },
        sender: { side: "BUYER", type: "HUMAN" },
        type: "TEXT",
        // Microseconds (facts "Events").
        sent_at: now * 1000,
        text,
      },
    }));
    notes.set(`conv:${conv.id}`, `NEW_MESSAGE: ${deliveryNote(statuses)}`);
    return c.redirect(`/conversations/${encodeURIComponent(conv.id)}`, 303);
  });

  /*
   * Pressing a button: open_server_link sends the start request (spec 4.11) and follows the app's {url};
   * open_direct_link follows its address. The page's own buttons send `stay=1`: the conversation tab
   * then comes back here with where the button leads and a link that opens it in a new tab, so pressing
   * never navigates the conversation away (and, with the studio as the app, never opens a second
   * editor of the open draft unasked). Without it (scripts, tests) the press answers 303 to the page.
   */
  app.post("/conversations/:id/press", async (c) => {
    const conv = conversationFor(state, c.req.param("id"));
    const form = await c.req.parseBody();
    const msg = conv.messages.find((m) => m.id === form.message);
    const rows = form.side === "sender" ? msg?.senderButtons : msg?.receiverButtons;
    const button = rows?.[Number(form.row)]?.[Number(form.index)];
    const back = `/conversations/${encodeURIComponent(conv.id)}`;
    if (!button) {
      notes.set(`conv:${conv.id}`, "That button no longer exists.");
      return c.redirect(back, 303);
    }
    const show = form.stay === "1";
    const who = { caption: button.caption, side: form.side === "sender" ? "sender" : "receiver" };
    const direct = button.action.open_direct_link;
    if (typeof direct === "string") {
      if (!show) return c.redirect(direct, 303);
      pressed.set(conv.id, { ...who, what: "the app opens the button's address", url: direct });
      return c.redirect(back, 303);
    }
    const server = button.action.open_server_link;
    if (typeof server === "object" && server !== null) {
      const raw =
        "data" in server && typeof server.data === "object" && server.data !== null ? server.data : {};
      const data: Record<string, string> = {};
      for (const [k, v] of Object.entries(raw)) if (typeof v === "string") data[k] = v;
      const header: VersionHeader = c.req.query("header") === "API_VERSION" ? "API_VERSION" : "API-Version";
      const result = await sendStartRequest(
        state,
        fetchFn,
        {
          postToken: conv.postToken,
          conversationId: conv.id,
          userSide: form.side === "sender" ? "SUPPLY" : "DEMAND",
          source: "CHAT_MESSAGE_ACTION",
          userId: DEMO_USER.id,
          data,
        },
        header,
      );
      if (result.ok && !show) return c.redirect(result.url, 303);
      if (result.ok) {
        pressed.set(conv.id, {
          ...who,
          what: "the platform sent your app's start address a start request (CHAT_MESSAGE_ACTION), which answered",
          url: result.url,
        });
        return c.redirect(back, 303);
      }
      notes.set(`conv:${conv.id}`, `Start request failed: ${result.reason}`);
      return c.redirect(back, 303);
    }
    notes.set(`conv:${conv.id}`, "This button's action is not emulated.");
    return c.redirect(back, 303);
  });

  return app;
}
