/** Minimal server-rendered HTML for the few pages the API serves itself (authorize errors, dev mailbox). */

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Escapes text for HTML element content and quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char] as string);
}

const STYLE =
  'body{font:16px/1.5 system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem;color:#1a1a1a}' +
  'table{border-collapse:collapse;width:100%}td,th{text-align:left;padding:.4rem;border-bottom:1px solid #ddd}' +
  'pre{white-space:pre-wrap;background:#f6f6f6;padding:1rem}iframe{width:100%;height:28rem;border:1px solid #ddd}' +
  '.error{border-left:4px solid #b00020;padding-left:1rem}';

/** A complete page; `body` must already be escaped HTML. Inline styles only, no scripts. */
export function htmlPage(title: string, body: string): string {
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
    `<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head>` +
    `<body>${body}</body></html>`
  );
}

/** CSP for pages without scripts: nothing loads but inline styles and same-origin frames. */
export const NO_SCRIPT_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; frame-src 'self'; frame-ancestors 'none'";
