import type { Invoice, InvoiceTax } from '../domain/objects.js';
import { day, esc, money, page } from './html.js';

/** "VAT 19% (included)", "Reverse charge" or "No VAT": how an invoice's tax reads. */
export function taxLabel(tax: InvoiceTax): string {
  if (tax.taxability_reason === 'reverse_charge') return 'VAT reverse charge (customer accounts for VAT)';
  if (tax.taxability_reason === 'not_collecting') return 'No VAT collected';
  const rate = rateOf(tax);
  return `VAT ${rate}% (${tax.tax_behavior === 'inclusive' ? 'included' : 'added'})`;
}

/** The percentage back from an amount and its taxable base. */
function rateOf(tax: InvoiceTax): number {
  if (!tax.taxable_amount) return 0;
  return Math.round((tax.amount / tax.taxable_amount) * 1000) / 10;
}

/** The lines an invoice shows, on the hosted page and in its PDF. */
export function invoiceLines(invoice: Invoice): Array<[string, string]> {
  const rows: Array<[string, string]> = [
    ['Invoice number', invoice.number ?? invoice.id],
    ['Date', day(invoice.created)],
    ['Billed to', [invoice.customer_name, invoice.customer_email].filter(Boolean).join(', ')],
  ];
  const a = invoice.customer_address;
  if (a)
    rows.push([
      'Address',
      [a.line1, `${a.postal_code ?? ''} ${a.city ?? ''}`.trim(), a.country].filter(Boolean).join(', '),
    ]);
  for (const id of invoice.customer_tax_ids) rows.push(['VAT number', id.value]);
  for (const line of invoice.lines.data) rows.push([line.description, money(line.amount, line.currency)]);
  rows.push(['Total excluding VAT', money(invoice.total_excluding_tax, invoice.currency)]);
  for (const tax of invoice.total_taxes) rows.push([taxLabel(tax), money(tax.amount, invoice.currency)]);
  rows.push(['Total', money(invoice.total, invoice.currency)]);
  rows.push([
    invoice.status === 'paid' ? 'Amount paid' : 'Amount due',
    money(invoice.status === 'paid' ? invoice.amount_paid : invoice.amount_due, invoice.currency),
  ]);
  return rows;
}

/** The hosted invoice page (`hosted_invoice_url`). */
export function invoicePage(invoice: Invoice): string {
  const rows = invoiceLines(invoice)
    .map(([k, v]) => `<dt>${esc(k)}</dt><dd>${esc(v)}</dd>`)
    .join('\n');
  return page(
    `Invoice ${invoice.number ?? invoice.id}`,
    `<h1>Invoice from ${esc(invoice.account_name)}</h1>
<p class="amount">${esc(money(invoice.total, invoice.currency))}</p>
<p class="muted">${invoice.status === 'paid' ? 'Paid' : esc(invoice.status)}</p>
<div class="card"><dl>
${rows}
</dl></div>
<a class="back" href="/i/${esc(invoice.id)}/pdf">Download invoice (PDF)</a>`,
  );
}
