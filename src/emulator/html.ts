/** Escapes text for HTML element content and attribute values. */
export function escapeHtml(value: string): string {
  return value
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

/** Wraps page content in a minimal right-to-left HTML document. */
export function page(title: string, body: string, opts: { refreshSeconds?: number } = {}): string {
  const refresh = opts.refreshSeconds ? `<meta http-equiv="refresh" content="${opts.refreshSeconds}">` : "";
  return `<!doctype html>
<html lang="fa" dir="rtl"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">${refresh}
<title>${escapeHtml(title)} · platform emulator</title>
<style>
body{font-family:Vazirmatn,system-ui,sans-serif;max-width:42rem;margin:1rem auto;padding:0 1rem;color:rgba(0,0,0,.87)}
header{font-size:.85rem;color:rgba(0,0,0,.56);border-bottom:1px solid rgba(0,0,0,.12);margin-bottom:1rem;padding-bottom:.5rem}
.card{border:1px solid rgba(0,0,0,.12);border-radius:8px;padding:.75rem;margin:.75rem 0}
.msg{border-radius:12px;padding:.5rem .75rem;margin:.5rem 0;max-width:80%}
.msg.app{background:#eef3ff}.msg.user{background:#f3f3f3;margin-inline-start:auto}
.buttons form{display:inline}.buttons button{margin:.2rem}
.note{color:rgba(0,0,0,.56);font-size:.85rem}
code{direction:ltr;unicode-bidi:embed}
</style></head>
<body><header>Platform emulator (local stand-in for the open platform) · <a href="/">index</a></header>
<main>${body}</main></body></html>`;
}
