import type { MailStrings } from '../i18n.js';
import { counted } from '../plural.js';

const num = counted('de');

export const de: MailStrings = {
  expired: 'abgelaufen',
  receiverSubject: (sender, file) => `${sender} hat dir ${file} geschickt`,
  receiverIntro: (sender) => `${sender} hat über Ferry eine Datei mit dir geteilt.`,
  download: 'Herunterladen',
  size: 'Größe',
  availableFor: 'Noch verfügbar',
  messageFrom: (sender) => `Nachricht von ${sender}`,
  receiverFooter: (sender) =>
    `Du erhältst diese E-Mail, weil ${sender} deine Adresse in Ferry eingegeben hat. Ferry speichert sie nur 24 Stunden.`,
  // "mit" takes the dative (Empfängern), "an" the accusative (Empfänger).
  copySubject: (file, count) => `Du hast ${file} mit ${num(count, { one: 'Empfänger', other: 'Empfängern' })} geteilt`,
  copyIntro: (count) => `Deine Datei wurde per E-Mail an ${count} Empfänger gesendet. Das ist deine Kopie.`,
  recipients: 'Empfänger',
  yourMessage: 'Deine Nachricht',
  copyFooter: 'Du bekommst eine weitere E-Mail, sobald die Datei zum ersten Mal heruntergeladen wird.',
  noticeSubject: (file) => `${file} wurde zum ersten Mal heruntergeladen`,
  noticeIntro: 'Gute Nachrichten: Jemand hat deine Datei zum ersten Mal heruntergeladen.',
  downloadedAt: 'Heruntergeladen am',
  timeLeft: 'Verbleibende Zeit',
  link: 'Link',
  openDownloadPage: 'Download-Seite öffnen',
  noticeFooter: 'Diese Benachrichtigung bekommst du einmal pro Datei.',
};
