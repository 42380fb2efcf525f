import { splitScope } from "../platform/scopes";

/** Escapes text for HTML element content and attribute values. */
export function escapeHtml(value: string): string {
  return value
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

/** Where the emulator serves the bundled Vazirmatn files (see `createPages`). */
export const FONT_PATH = "/_emulator/fonts";

/** The Vazirmatn files the pages use: Arabic-script and Latin subsets, regular and bold. */
export const FONT_FILES = [
  "vazirmatn-arabic-400-normal.woff2",
  "vazirmatn-arabic-700-normal.woff2",
  "vazirmatn-latin-400-normal.woff2",
  "vazirmatn-latin-700-normal.woff2",
] as const;

const ARABIC_RANGE = "U+0600-06FF,U+0750-077F,U+200C-200E,U+FB50-FDFF,U+FE70-FEFC";

function fontFaces(): string {
  return FONT_FILES.map((file) => {
    const weight = file.includes("-700-") ? 700 : 400;
    const range = file.includes("-arabic-") ? `;unicode-range:${ARABIC_RANGE}` : "";
    return `@font-face{font-family:Vazirmatn;font-style:normal;font-display:swap;font-weight:${weight};src:url(${FONT_PATH}/${file}) format("woff2")${range}}`;
  }).join("\n");
}

// The pages speak English to the developer (left to right); Persian content (add-ons, messages)
// carries lang="fa" dir="rtl" and is set in Vazirmatn, as in the app.
const STYLE = `
:root{--bg:#f4f5f7;--surface:#fff;--text:#1c2024;--muted:#60646c;--border:#e3e5e8;--accent:#a62626;--accent-soft:#fbeaea;--focus:#2f6feb;--app:#eef3ff;--user:#f1f1f1}
*{box-sizing:border-box}
body{margin:0;background:var(--bg);color:var(--text);font:15px/1.55 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
[lang="fa"],[dir="rtl"],[dir="auto"]{font-family:Vazirmatn,system-ui,sans-serif}
a{color:var(--focus)}
:focus-visible{outline:2px solid var(--focus);outline-offset:2px}
.topbar{display:flex;align-items:center;gap:12px;padding:10px 20px;background:var(--surface);border-bottom:1px solid var(--border)}
.topbar .mark{color:var(--accent)}
.topbar .name{font-weight:650}
.topbar .tag{font-size:12px;color:var(--muted);border:1px solid var(--border);border-radius:999px;padding:1px 8px}
.topbar nav{margin-left:auto;display:flex;gap:14px;font-size:14px}
main{max-width:44rem;margin:24px auto;padding:0 16px}
h1{font-size:22px;margin:0 0 4px}
h2{font-size:16px;margin:24px 0 8px}
.lead{color:var(--muted);margin:0 0 16px}
.card{background:var(--surface);border:1px solid var(--border);border-radius:12px;padding:16px;margin:12px 0;box-shadow:0 1px 2px rgba(16,24,40,.06)}
.kv{border-collapse:collapse;margin:4px 0}.kv th,.kv td{text-align:start;padding:4px 12px 4px 0;border-bottom:1px solid var(--line, #e5e5e5)}
.card-head{display:flex;justify-content:space-between;gap:8px;font-size:13px;color:var(--muted);margin-bottom:10px}
.note{color:var(--muted);font-size:14px}
.empty{text-align:center;padding:32px 16px;color:var(--muted)}
code{font:13px ui-monospace,Menlo,Consolas,monospace;direction:ltr;unicode-bidi:isolate;background:rgba(0,0,0,.05);border-radius:4px;padding:1px 5px}
button,select,input{font:inherit;color:inherit}
.btn{display:inline-flex;align-items:center;justify-content:center;gap:6px;min-height:36px;padding:6px 16px;border-radius:8px;border:1px solid #cdd1d6;background:var(--surface);cursor:pointer}
.btn:hover{background:#f9fafb}
.btn.primary{background:var(--accent);border-color:var(--accent);color:#fff}
.btn.primary:hover{background:#8f1f1f}
.row{display:flex;flex-wrap:wrap;gap:8px;align-items:center}
.input{min-height:36px;padding:6px 10px;border:1px solid #cdd1d6;border-radius:8px;background:var(--surface)}
.status{background:var(--accent-soft);border-radius:8px;padding:8px 12px}
.status.ok{background:#e6f4ea;color:#1e4620}
ul.plain{list-style:none;margin:0;padding:0}
ul.plain li{padding:8px 0;border-top:1px solid var(--border)}
ul.plain li:first-child{border-top:0}
.scopes li{display:flex;flex-direction:column;gap:2px}
.scopes .what{font-weight:600}
.consent{max-width:30rem;margin:48px auto}
.consent .actions{display:flex;gap:8px;justify-content:flex-end;margin-top:16px}
.consent .who{display:flex;align-items:flex-start;gap:12px;margin-bottom:12px}
.consent h1{font-size:19px;line-height:1.3}
.card h2:first-child{margin-top:0}
.avatar{width:40px;height:40px;border-radius:10px;background:var(--accent);color:#fff;display:grid;place-items:center;font-weight:700}
.chat{display:flex;flex-direction:column;gap:10px}
.msg{max-width:80%;border-radius:16px;padding:8px 12px;background:var(--user)}
.msg.app{background:var(--app);align-self:flex-end;border-end-end-radius:4px}
.msg.user{align-self:flex-start;border-end-start-radius:4px}
.msg .from{font-size:12px;color:var(--muted);font-weight:700}
.msg p{margin:2px 0 4px;white-space:pre-wrap}
.msg.app{background:none;padding:0;max-width:none}
.msg.app .pv-root{align-items:flex-end}
.msg.app .pv-chat{background:none;padding:0;width:auto}
.pv-chat-form{display:flex;flex:1;margin:0}
.pv-chat-press{all:unset;display:flex;flex:1;cursor:pointer;border-radius:4px}
.pv-chat-press:focus-visible{outline:3px solid #2962ff;outline-offset:2px}
.pv-chat-press:hover .pv-chat-button{filter:brightness(1.1)}
.side{font-size:12px;color:var(--muted);margin-top:8px;text-align:end}
.theme-switch{display:flex;gap:4px;align-items:center;font-size:13px;color:var(--muted);margin:0 0 12px}
.theme-switch a{padding:2px 10px;border:1px solid #cdd1d6;border-radius:999px;text-decoration:none;color:inherit}
.theme-switch a[aria-current="page"]{background:#1f2328;border-color:#1f2328;color:#fff}
`;

/** The app's theme a page draws add-ons in: `?theme=dark`, else light (as the app's own setting). */
export function themeOf(query: string | undefined): "light" | "dark" {
  return query === "dark" ? "dark" : "light";
}

/**
 * Links that draw the page's add-ons in the app's light or dark theme (the studio's preview has both),
 * the current one marked; `path` is the page's own address.
 */
export function themeSwitch(path: string, theme: "light" | "dark"): string {
  const link = (t: "light" | "dark", label: string) =>
    `<a href="${escapeHtml(t === "light" ? path : `${path}?theme=dark`)}"${t === theme ? ' aria-current="page"' : ""}>${label}</a>`;
  return `<nav class="theme-switch" aria-label="App theme">As the app shows it in ${link("light", "Light")}${link("dark", "Dark")}</nav>`;
}

/** Where the pages' icon is served (a 404 on every page without it). */
export const FAVICON_PATH = "/favicon.svg";

/** The emulator's mark, the ◆ of its header, as the tab icon. */
export const FAVICON_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><path d="M8 1l7 7-7 7-7-7z" fill="#a62626"/></svg>';

/** Wraps page content in an HTML document with the emulator's chrome (English, left to right). */
export function page(title: string, body: string, opts: { refreshSeconds?: number } = {}): string {
  const refresh = opts.refreshSeconds ? `<meta http-equiv="refresh" content="${opts.refreshSeconds}">` : "";
  return `<!doctype html>
<html lang="en" dir="ltr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">${refresh}
<title>${escapeHtml(title)} · platform emulator</title><link rel="icon" href="${FAVICON_PATH}" type="image/svg+xml">
<style>${fontFaces()}${STYLE}</style></head>
<body><header class="topbar"><span class="mark" aria-hidden="true">◆</span><span class="name">Platform emulator</span>
<span class="tag">local stand-in for the open platform</span><nav aria-label="Emulator"><a href="/">All posts, users and conversations</a></nav></header>
<main>${body}</main></body></html>`;
}

const SCOPE_WORDS: Record<string, (id: string | undefined) => string> = {
  POST_ADDON_CREATE: (id) => `Add information (an add-on) to your post ${id ?? ""}`.trim(),
  USER_POSTS_ADDON_CREATE: () => "Add information (add-ons) to all of your posts",
  USER_ADDON_CREATE: () => "Add information (an add-on) to your profile",
  USER_PHONE: () => "See your phone number",
  CONVERSATION_SEND_MESSAGE: (id) =>
    id ? `Send messages in your chat conversation ${id}` : "Send messages in one of your chat conversations",
  CHAT_POST_CONVERSATIONS_MESSAGE_SEND: (id) => `Send messages in the chats of your post ${id ?? ""}`.trim(),
  CHAT_SUPPLIER_ALL_CONVERSATIONS_MESSAGE_SEND: () => "Send messages in the chats of all your posts",
  USER_VERIFICATION_CREATE: () => "Record verification results (semantic data) about you",
  CHAT_POST_CONVERSATIONS_READ: (id) => `Read new messages in the chats of your post ${id ?? ""}`.trim(),
  CHAT_SUPPLIER_ALL_CONVERSATIONS_READ: () => "Read new messages in the chats of all your posts",
  USER_POSTS_GET: () => "See your posts and when they change",
  NOTIFICATION_ACCESS_REVOCATION: () => "Be told when you remove this app's access",
  USER_ID: () => "Know your user id",
  offline_access: () => "Keep this access when you are not using the app",
};

/** A scope in plain words for the consent page; an unknown scope is shown by its name. */
export function describeScope(scope: string): string {
  const { name, identifier } = splitScope(scope);
  return SCOPE_WORDS[name]?.(identifier) ?? `Use the permission ${name}`;
}

/** The consent page body (spec 4.1): who asks, what for in plain words, and Allow or Deny. */
export function consentBody(opts: {
  appName: string;
  userPhone: string;
  scopes: readonly string[];
  consentId: string;
}): string {
  const items = opts.scopes
    .map(
      (s) =>
        `<li><span class="what">${escapeHtml(describeScope(s))}</span><span class="note">Permission <code>${escapeHtml(s)}</code></span></li>`,
    )
    .join("");
  const initial = escapeHtml(opts.appName.trim().charAt(0).toUpperCase() || "A");
  return `<section class="card consent" aria-labelledby="consent-title">
<div class="who"><span class="avatar" aria-hidden="true">${initial}</span>
<div><h1 id="consent-title">${escapeHtml(opts.appName)} asks for access</h1>
<p class="note">Signed in as the demo user, ${escapeHtml(opts.userPhone)}</p></div></div>
<p>If you allow it, ${escapeHtml(opts.appName)} will be able to:</p>
<ul class="plain scopes">${items}</ul>
<form method="post" action="/oauth2/auth/decision" class="actions">
<input type="hidden" name="consent" value="${escapeHtml(opts.consentId)}">
<button class="btn" type="submit" name="decision" value="deny">Deny</button>
<button class="btn primary" type="submit" name="decision" value="allow">Allow</button>
</form>
</section>`;
}
