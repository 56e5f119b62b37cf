import type { MessageDetail, MessageSummary } from './store.js';

export function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

const STYLE = `body{font:14px system-ui,sans-serif;margin:24px;color:#222}table{border-collapse:collapse;width:100%}
td,th{border-bottom:1px solid #ddd;padding:6px 8px;text-align:left;vertical-align:top}th{background:#f5f5f5}
a{color:#0645ad}pre{white-space:pre-wrap;background:#f8f8f8;padding:12px}iframe{width:100%;height:480px;border:1px solid #ccc}
.muted{color:#777}`;

function page(title: string, body: string, refresh = false): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>${
    refresh ? '<meta http-equiv="refresh" content="5">' : ''
  }<style>${STYLE}</style></head><body>${body}</body></html>`;
}

/** The inbox: newest first, refreshed every 5 s. */
export function inboxPage(messages: MessageSummary[]): string {
  const rows = [...messages]
    .reverse()
    .map(
      (m) =>
        `<tr><td>${escapeHtml(new Date(m.receivedAt).toLocaleString('en-GB'))}</td><td>${escapeHtml(m.from)}</td><td>${escapeHtml(
          m.to.join(', '),
        )}</td><td><a href="/messages/${encodeURIComponent(m.id)}">${escapeHtml(m.subject || '(no subject)')}</a></td></tr>`,
    )
    .join('');
  const body = `<h1>Ferry mail stand-in</h1><p class="muted">${messages.length} message(s). JSON: <a href="/api/messages">/api/messages</a>.
<form method="post" action="/messages/delete" style="display:inline"><button>Delete all</button></form></p>
<table><thead><tr><th>Received</th><th>From</th><th>To</th><th>Subject</th></tr></thead><tbody>${rows}</tbody></table>`;
  return page('Inbox — Ferry mail stand-in', body, true);
}

/** One message: headers, the HTML part in a sandboxed frame, the text part. */
export function messagePage(m: MessageDetail): string {
  const headers = m.headers
    .map((h) => `<tr><th>${escapeHtml(h.key)}</th><td>${escapeHtml(h.value)}</td></tr>`)
    .join('');
  const body = `<p><a href="/">← Inbox</a> · <a href="/api/messages/${encodeURIComponent(m.id)}">JSON</a> · <a href="/api/messages/${encodeURIComponent(
    m.id,
  )}/raw">raw</a></p><h1>${escapeHtml(m.subject || '(no subject)')}</h1>
<table>${headers}</table><h2>HTML</h2>${
    m.html
      ? `<iframe sandbox title="HTML part" src="/api/messages/${encodeURIComponent(m.id)}/html"></iframe>`
      : '<p class="muted">none</p>'
  }<h2>Text</h2><pre>${escapeHtml(m.text)}</pre>`;
  return page(m.subject || 'Message', body);
}
