import type { MailStrings } from '../i18n.js';
import { counted } from '../plural.js';

const num = counted('it');
const recipients = (n: number) => num(n, { one: 'destinatario', other: 'destinatari' });

export const it: MailStrings = {
  expired: 'scaduto',
  receiverSubject: (sender, file) => `${sender} ti ha inviato ${file}`,
  receiverIntro: (sender) => `${sender} ha condiviso un file con te tramite Ferry.`,
  download: 'Scarica',
  size: 'Dimensione',
  availableFor: 'Disponibile per',
  messageFrom: (sender) => `Messaggio da ${sender}`,
  receiverFooter: (sender) =>
    `Ricevi questa e-mail perché ${sender} ha inserito il tuo indirizzo in Ferry. Ferry lo conserva solo per 24 ore.`,
  copySubject: (file, count) => `Hai condiviso ${file} con ${recipients(count)}`,
  copyIntro: (count) => `Il tuo file è stato inviato via e-mail a ${recipients(count)}. Questa è la tua copia.`,
  recipients: 'Destinatari',
  yourMessage: 'Il tuo messaggio',
  copyFooter: 'Riceverai un’altra e-mail quando il file verrà scaricato per la prima volta.',
  noticeSubject: (file) => `${file} è stato scaricato per la prima volta`,
  noticeIntro: 'Buone notizie: qualcuno ha scaricato il tuo file per la prima volta.',
  downloadedAt: 'Scaricato il',
  timeLeft: 'Tempo rimanente',
  link: 'Link',
  openDownloadPage: 'Apri la pagina di download',
  noticeFooter: 'Ricevi questo avviso una sola volta per file.',
};
