/** Mail texts. English and Dutch now; further languages arrive with the translations issue. */

export type MailLanguage = 'en' | 'nl';

/** BCP 47 tag → supported mail language; anything else falls back to English (spec §5). */
export function mailLanguage(locale: string | undefined): MailLanguage {
  const primary = (locale ?? '').trim().toLowerCase().split(/[-_]/)[0];
  return primary === 'nl' ? 'nl' : 'en';
}

export interface MailStrings {
  days(n: number): string;
  hours(n: number): string;
  minutes(n: number): string;
  expired: string;
  receiverSubject(sender: string, file: string): string;
  receiverIntro(sender: string): string;
  download: string;
  size: string;
  availableFor: string;
  messageFrom(sender: string): string;
  receiverFooter(sender: string): string;
  copySubject(file: string, count: number): string;
  copyIntro(count: number): string;
  recipients: string;
  yourMessage: string;
  copyFooter: string;
  noticeSubject(file: string): string;
  noticeIntro: string;
  downloadedAt: string;
  timeLeft: string;
  link: string;
  noticeFooter: string;
}

export const strings: Record<MailLanguage, MailStrings> = {
  en: {
    days: (n) => `${n} ${n === 1 ? 'day' : 'days'}`,
    hours: (n) => `${n} ${n === 1 ? 'hour' : 'hours'}`,
    minutes: (n) => `${n} ${n === 1 ? 'minute' : 'minutes'}`,
    expired: 'expired',
    receiverSubject: (sender, file) => `${sender} sent you ${file}`,
    receiverIntro: (sender) => `${sender} shared a file with you via Ferry.`,
    download: 'Download',
    size: 'Size',
    availableFor: 'Available for',
    messageFrom: (sender) => `Message from ${sender}`,
    receiverFooter: (sender) => `You received this e-mail because ${sender} entered your address in Ferry. Ferry keeps it for 24 hours only.`,
    copySubject: (file, count) => `You shared ${file} with ${count} ${count === 1 ? 'recipient' : 'recipients'}`,
    copyIntro: (count) => `Your file was e-mailed to ${count} ${count === 1 ? 'recipient' : 'recipients'}. This is your copy.`,
    recipients: 'Recipients',
    yourMessage: 'Your message',
    copyFooter: 'You will get another e-mail when the file is downloaded for the first time.',
    noticeSubject: (file) => `${file} was downloaded for the first time`,
    noticeIntro: 'Good news: someone downloaded your file for the first time.',
    downloadedAt: 'Downloaded at',
    timeLeft: 'Time left',
    link: 'Link',
    noticeFooter: 'You get this notice once per file.',
  },
  nl: {
    days: (n) => `${n} ${n === 1 ? 'dag' : 'dagen'}`,
    hours: (n) => `${n} uur`,
    minutes: (n) => `${n} ${n === 1 ? 'minuut' : 'minuten'}`,
    expired: 'verlopen',
    receiverSubject: (sender, file) => `${sender} heeft je ${file} gestuurd`,
    receiverIntro: (sender) => `${sender} heeft via Ferry een bestand met je gedeeld.`,
    download: 'Downloaden',
    size: 'Grootte',
    availableFor: 'Beschikbaar voor',
    messageFrom: (sender) => `Bericht van ${sender}`,
    receiverFooter: (sender) => `Je ontvangt deze e-mail omdat ${sender} je adres in Ferry heeft ingevuld. Ferry bewaart het maar 24 uur.`,
    copySubject: (file, count) => `Je hebt ${file} gedeeld met ${count} ${count === 1 ? 'ontvanger' : 'ontvangers'}`,
    copyIntro: (count) => `Je bestand is naar ${count} ${count === 1 ? 'ontvanger' : 'ontvangers'} gemaild. Dit is je kopie.`,
    recipients: 'Ontvangers',
    yourMessage: 'Je bericht',
    copyFooter: 'Je krijgt nog een e-mail zodra het bestand voor het eerst is gedownload.',
    noticeSubject: (file) => `${file} is voor het eerst gedownload`,
    noticeIntro: 'Goed nieuws: iemand heeft je bestand voor het eerst gedownload.',
    downloadedAt: 'Gedownload op',
    timeLeft: 'Resterende tijd',
    link: 'Link',
    noticeFooter: 'Je krijgt dit bericht één keer per bestand.',
  },
};
