import type { MailStrings } from '../i18n.js';
import { counted } from '../plural.js';

const num = counted('en');
const recipients = (n: number) => num(n, { one: 'recipient', other: 'recipients' });

export const en: MailStrings = {
  expired: 'expired',
  receiverSubject: (sender, file) => `${sender} sent you ${file}`,
  receiverIntro: (sender) => `${sender} shared a file with you via Ferry.`,
  download: 'Download',
  size: 'Size',
  availableFor: 'Available for',
  messageFrom: (sender) => `Message from ${sender}`,
  receiverFooter: (sender) =>
    `You received this e-mail because ${sender} entered your address in Ferry. Ferry keeps it for 24 hours only.`,
  copySubject: (file, count) => `You shared ${file} with ${recipients(count)}`,
  copyIntro: (count) => `Your file was e-mailed to ${recipients(count)}. This is your copy.`,
  recipients: 'Recipients',
  yourMessage: 'Your message',
  copyFooter: 'You will get another e-mail when the file is downloaded for the first time.',
  noticeSubject: (file) => `${file} was downloaded for the first time`,
  noticeIntro: 'Good news: someone downloaded your file for the first time.',
  downloadedAt: 'Downloaded at',
  timeLeft: 'Time left',
  link: 'Link',
  openDownloadPage: 'Open the download page',
  noticeFooter: 'You get this notice once per file.',
};
