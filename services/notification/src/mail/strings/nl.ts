import type { MailStrings } from '../i18n.js';
import { counted } from '../plural.js';

const num = counted('nl');
const recipients = (n: number) => num(n, { one: 'ontvanger', other: 'ontvangers' });

export const nl: MailStrings = {
  expired: 'verlopen',
  receiverSubject: (sender, file) => `${sender} heeft je ${file} gestuurd`,
  receiverIntro: (sender) => `${sender} heeft via Ferry een bestand met je gedeeld.`,
  download: 'Downloaden',
  size: 'Grootte',
  availableFor: 'Nog beschikbaar',
  messageFrom: (sender) => `Bericht van ${sender}`,
  receiverFooter: (sender) =>
    `Je ontvangt deze e-mail omdat ${sender} je adres in Ferry heeft ingevuld. Ferry bewaart het maar 24 uur.`,
  copySubject: (file, count) => `Je hebt ${file} gedeeld met ${recipients(count)}`,
  copyIntro: (count) => `Je bestand is naar ${recipients(count)} gemaild. Dit is je kopie.`,
  recipients: 'Ontvangers',
  yourMessage: 'Je bericht',
  copyFooter: 'Je krijgt nog een e-mail zodra het bestand voor het eerst is gedownload.',
  noticeSubject: (file) => `${file} is voor het eerst gedownload`,
  noticeIntro: 'Goed nieuws: iemand heeft je bestand voor het eerst gedownload.',
  downloadedAt: 'Gedownload op',
  timeLeft: 'Resterende tijd',
  link: 'Link',
  openDownloadPage: 'Downloadpagina openen',
  noticeFooter: 'Je krijgt dit bericht één keer per bestand.',
};
