import { describe, expect, it } from 'vitest';
import { DESIGN_TOKENS } from '@ferry/rules';
import { renderFirstDownloadNotice, renderReceiverMail, renderUploaderCopy } from '../src/mail/templates.js';

const share = {
  lang: 'en',
  senderEmail: 'ann@example.com',
  fileName: 'a.zip',
  sizeLabel: '5.12 MB',
  downloadUrl: 'http://localhost:8080/r/AbCdEfGh12',
  expiresIn: '2 days',
  message: 'Hi!',
  year: 2026,
  recipients: ['bob@example.com'],
} as const;
const notice = {
  lang: 'en',
  fileName: 'a.zip',
  sizeLabel: '5.12 MB',
  expiresIn: '2 days',
  link: share.downloadUrl,
  downloadedAt: 'now',
  year: 2026,
} as const;

describe('mail colours', () => {
  it.each([
    ['receiver mail', renderReceiverMail({ ...share, recipients: [...share.recipients] }).html],
    ['uploader copy', renderUploaderCopy({ ...share, recipients: [...share.recipients] }).html],
    ['first-download notice', renderFirstDownloadNotice(notice).html],
  ])('the %s takes its brand colour from the design tokens (the site’s #b0234f)', (_name, html) => {
    expect(DESIGN_TOKENS.color.accent).toBe('#b0234f');
    expect(html).toContain(`background:${DESIGN_TOKENS.color.accent}`);
    expect(html).not.toMatch(/#e11d48/i);
  });
});
