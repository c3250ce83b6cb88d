// The mint's own HTML page at `/`: open invoices with a Pay button, so a person can pay by hand.
import { isExpired } from './quotes.ts';
import type { MintQuoteRecord } from './types.ts';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function row(q: MintQuoteRecord): string {
  const expired = q.state === 'UNPAID' && isExpired(q);
  const state = expired ? 'EXPIRED' : q.state;
  const action =
    q.state === 'UNPAID' && !expired
      ? `<form method="post" action="/dev/pay/${encodeURIComponent(q.quote)}">` +
        `<button type="submit" data-testid="pay-${escapeHtml(q.quote)}">Pay</button></form>`
      : '';
  return (
    `<tr data-quote="${escapeHtml(q.quote)}" data-state="${state}">` +
    `<td>${q.amount} ${escapeHtml(q.unit)}</td><td class="state">${state}</td>` +
    `<td>${escapeHtml(q.description ?? '')}</td>` +
    `<td><code title="${escapeHtml(q.request)}">${escapeHtml(q.request.slice(0, 24))}…</code></td>` +
    `<td>${new Date(q.createdAt).toLocaleString()}</td><td>${action}</td></tr>`
  );
}

export function renderPage(quotes: MintQuoteRecord[], info: { name: string; url: string }): string {
  // Open invoices first, newest first; then the 20 most recent settled ones.
  const sorted = [...quotes].sort((a, b) => b.createdAt - a.createdAt);
  const open = sorted.filter((q) => q.state === 'UNPAID' && !isExpired(q));
  const rest = sorted.filter((q) => !open.includes(q)).slice(0, 20);
  const rows = [...open, ...rest].map(row).join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(info.name)}</title>
<style>
body{font-family:system-ui,sans-serif;margin:2rem;color:#222}
table{border-collapse:collapse}td,th{padding:.4rem .8rem;border-bottom:1px solid #ddd;text-align:left}
button{padding:.3rem 1rem;background:#f7931a;color:#fff;border:0;border-radius:4px;cursor:pointer}
</style></head>
<body>
<h1>${escapeHtml(info.name)}</h1>
<p>Mint URL: <code>${escapeHtml(info.url)}</code>. Lightning is simulated: press Pay to pay an invoice.
<a href="/">Refresh</a></p>
<h2>Invoices (${open.length} open)</h2>
${
  rows
    ? `<table><thead><tr><th>Amount</th><th>State</th><th>Description</th><th>Invoice</th><th>Created</th><th></th></tr></thead>
<tbody>
${rows}
</tbody></table>`
    : '<p>No invoices yet.</p>'
}
</body></html>`;
}
