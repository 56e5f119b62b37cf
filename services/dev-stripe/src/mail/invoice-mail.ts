import type { Logger } from '@ferry/service-kit';
import nodemailer from 'nodemailer';
import type { Invoice } from '../domain/objects.js';
import { esc, money } from '../pages/html.js';
import { invoiceLines } from '../pages/invoice-page.js';
import { invoicePdf } from '../pages/invoice-pdf.js';

/** The sender of the receipts, as Stripe mails them for the account. */
export const RECEIPT_FROM = 'Ferry (Stripe test mode) <invoice+statements@stripe.test>';
/** Attempts per receipt; the SMTP stand-in may be starting or briefly away. */
const ATTEMPTS = 3;

export interface InvoiceMailer {
  /** Mails the receipt of a paid invoice to its customer (in the background). */
  paid(invoice: Invoice): void;
  close(): Promise<void>;
}

/** The receipt: subject, the invoice's lines (with its VAT line), the hosted invoice link, the PDF. */
export function receiptMail(invoice: Invoice) {
  const lines = invoiceLines(invoice);
  const subject = `Your receipt from ${invoice.account_name} #${invoice.number ?? invoice.id}`;
  const total = money(invoice.amount_paid, invoice.currency);
  const text = [
    `Receipt from ${invoice.account_name}: ${total} paid.`,
    '',
    ...lines.map(([k, v]) => `${k}: ${v}`),
    '',
    `View the invoice: ${invoice.hosted_invoice_url}`,
    `Download it as a PDF: ${invoice.invoice_pdf}`,
  ].join('\n');
  const html = `<p>Receipt from ${esc(invoice.account_name)}: <strong>${esc(total)}</strong> paid.</p>
<table>${lines.map(([k, v]) => `<tr><th align="left">${esc(k)}</th><td>${esc(v)}</td></tr>`).join('')}</table>
<p><a href="${esc(invoice.hosted_invoice_url)}">View the invoice</a> · <a href="${esc(invoice.invoice_pdf)}">Download it as a PDF</a></p>`;
  return {
    from: RECEIPT_FROM,
    to: invoice.customer_email!,
    subject,
    text,
    html,
    attachments: [
      {
        filename: `Invoice-${invoice.number ?? invoice.id}.pdf`,
        content: invoicePdf(invoice),
        contentType: 'application/pdf',
      },
    ],
  };
}

/**
 * Mails receipts through SMTP (`smtp://host:port`), as Stripe does with "email customers about
 * successful payments" on: only invoices that took money, to the customer's e-mail address.
 */
export function smtpInvoiceMailer(smtpUrl: string, logger?: Logger): InvoiceMailer {
  const url = new URL(smtpUrl);
  const transport = nodemailer.createTransport({
    host: url.hostname,
    port: Number(url.port || 25),
    secure: url.protocol === 'smtps:',
    ignoreTLS: url.protocol === 'smtp:' && (url.hostname === '127.0.0.1' || url.hostname === 'localhost'),
  });
  const pending = new Set<Promise<void>>();
  const send = async (invoice: Invoice): Promise<void> => {
    const mail = receiptMail(invoice);
    for (let attempt = 1; ; attempt++) {
      try {
        await transport.sendMail(mail);
        logger?.info({ invoice: invoice.id, to: mail.to }, 'receipt mailed');
        return;
      } catch (err) {
        if (attempt >= ATTEMPTS) {
          logger?.warn({ err, invoice: invoice.id }, 'receipt not mailed');
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, 500 * 2 ** attempt));
      }
    }
  };
  return {
    paid(invoice) {
      if (invoice.amount_paid <= 0 || !invoice.customer_email) return;
      const job = send(structuredClone(invoice)).finally(() => pending.delete(job));
      pending.add(job);
    },
    async close() {
      await Promise.all(pending);
      transport.close();
    },
  };
}
