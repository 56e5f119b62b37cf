import type { Invoice } from '../domain/objects.js';
import { invoiceLines } from './invoice-page.js';

/** WinAnsi's codes for the characters outside Latin-1 an invoice uses. */
const WIN_ANSI: Record<string, string> = { '€': '\x80', '…': '\x85' };

/** Text as a PDF string literal in WinAnsi (Latin-1 and the euro sign); other characters become "?". */
function pdfText(text: string): string {
  const latin1 = [...text].map((c) => (c.charCodeAt(0) <= 0xff ? c : (WIN_ANSI[c] ?? '?'))).join('');
  return `(${latin1.replace(/[\\()]/g, (c) => `\\${c}`)})`;
}

/** A one-page A4 PDF of the invoice: the same lines as the hosted page, in Helvetica. */
export function invoicePdf(invoice: Invoice): Buffer {
  const lines: string[] = [
    'BT',
    '/F1 18 Tf',
    '56 780 Td',
    `${pdfText(`Invoice from ${invoice.account_name}`)} Tj`,
    '/F1 11 Tf',
  ];
  for (const [label, value] of invoiceLines(invoice)) {
    lines.push('0 -22 Td', `${pdfText(`${label}: ${value}`)} Tj`);
  }
  lines.push('ET');
  const content = lines.join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}
