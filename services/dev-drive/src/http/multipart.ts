import { DriveError } from './errors.js';

export type MultipartEvent =
  | { type: 'part'; headers: Record<string, string> }
  | { type: 'data'; chunk: Buffer }
  | { type: 'end-part' };

const CRLF = Buffer.from('\r\n');
const HEADER_END = Buffer.from('\r\n\r\n');
const malformed = (why: string): DriveError => new DriveError(400, 'badRequest', `Malformed multipart body: ${why}.`);

export function boundaryOf(contentType: string | undefined): string | undefined {
  if (!contentType || !/^multipart\/related\s*;/i.test(contentType)) return undefined;
  const m = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  return m?.[1] ?? m?.[2];
}

/**
 * Streaming RFC 2046/2387 parser: yields part headers and body chunks as they arrive, holding
 * back only a delimiter's length of bytes, so a media part of any size never sits in memory.
 */
export async function* multipartEvents(body: AsyncIterable<Buffer>, boundary: string): AsyncGenerator<MultipartEvent> {
  const delim = Buffer.from(`\r\n--${boundary}`);
  // A leading CRLF lets the first delimiter (at the very start of the body) match like the others.
  let buf: Buffer = CRLF;
  let state: 'preamble' | 'after-delim' | 'headers' | 'body' | 'done' = 'preamble';

  for await (const chunk of body) {
    if (state === 'done') continue; // epilogue is ignored
    buf = buf.length ? Buffer.concat([buf, chunk]) : chunk;
    for (;;) {
      if (state === 'preamble' || state === 'body') {
        const idx = buf.indexOf(delim);
        if (idx === -1) {
          const keep = Math.min(buf.length, delim.length - 1);
          if (state === 'body' && buf.length > keep) yield { type: 'data', chunk: buf.subarray(0, buf.length - keep) };
          buf = buf.subarray(buf.length - keep);
          break;
        }
        if (state === 'body') {
          if (idx > 0) yield { type: 'data', chunk: buf.subarray(0, idx) };
          yield { type: 'end-part' };
        }
        buf = buf.subarray(idx + delim.length);
        state = 'after-delim';
      }
      if (state === 'after-delim') {
        if (buf.length < 2) break;
        if (buf[0] === 0x2d && buf[1] === 0x2d) {
          state = 'done';
          break;
        }
        const eol = buf.indexOf(CRLF);
        if (eol === -1) {
          if (buf.length > 1024) throw malformed('bad delimiter line');
          break;
        }
        if (buf.subarray(0, eol).toString('latin1').trim() !== '') throw malformed('bad delimiter line');
        buf = buf.subarray(eol + 2);
        state = 'headers';
      }
      if (state === 'headers') {
        let headerText: string;
        if (buf.length >= 2 && buf[0] === 0x0d && buf[1] === 0x0a) {
          headerText = '';
          buf = buf.subarray(2);
        } else {
          const end = buf.indexOf(HEADER_END);
          if (end === -1) {
            if (buf.length > 16 * 1024) throw malformed('part headers too long');
            break;
          }
          headerText = buf.subarray(0, end).toString('utf8');
          buf = buf.subarray(end + 4);
        }
        const headers: Record<string, string> = {};
        for (const line of headerText.split('\r\n')) {
          const colon = line.indexOf(':');
          if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
        }
        yield { type: 'part', headers };
        state = 'body';
        continue;
      }
      if (state === 'done') break;
    }
  }
  if (state !== 'done') throw malformed('missing closing delimiter');
}
