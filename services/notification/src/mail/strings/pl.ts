import type { MailStrings } from '../i18n.js';
import { counted } from '../plural.js';

// one: 1; few: 2–4, 22–24 …; many: 0, 5–21, 25 …; other: fractions only.
// Sentences avoid past-tense verbs of the sender (they would show the sender's gender) or agree them with "nadawca".
const num = counted('pl');

export const pl: MailStrings = {
  expired: 'czas minął',
  receiverSubject: (sender, file) => `${sender} przesyła Ci ${file}`,
  receiverIntro: (sender) => `${sender} udostępnia Ci plik przez Ferry.`,
  download: 'Pobierz',
  size: 'Rozmiar',
  availableFor: 'Dostępny przez',
  messageFrom: (sender) => `Wiadomość od ${sender}`,
  receiverFooter: (sender) =>
    `Otrzymujesz tę wiadomość, ponieważ nadawca ${sender} podał Twój adres w Ferry. Ferry przechowuje go tylko przez 24 godziny.`,
  // Dative after "udostępniony", genitive after "do".
  copySubject: (file, count) =>
    `Plik ${file} został udostępniony ${num(count, { one: 'odbiorcy', other: 'odbiorcom' })}`,
  copyIntro: (count) =>
    `Twój plik został wysłany e-mailem do ${num(count, { one: 'odbiorcy', other: 'odbiorców' })}. To jest Twoja kopia.`,
  recipients: 'Odbiorcy',
  yourMessage: 'Twoja wiadomość',
  copyFooter: 'Otrzymasz kolejną wiadomość, gdy plik zostanie pobrany po raz pierwszy.',
  noticeSubject: (file) => `Plik ${file} został pobrany po raz pierwszy`,
  noticeIntro: 'Dobra wiadomość: ktoś po raz pierwszy pobrał Twój plik.',
  downloadedAt: 'Pobrano',
  timeLeft: 'Pozostały czas',
  link: 'Link',
  openDownloadPage: 'Otwórz stronę pobierania',
  noticeFooter: 'To powiadomienie otrzymujesz tylko raz dla każdego pliku.',
};
