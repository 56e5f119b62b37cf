import type { MailStrings } from '../i18n.js';

export const sv: MailStrings = {
  expired: 'utgången',
  receiverSubject: (sender, file) => `${sender} har skickat ${file} till dig`,
  receiverIntro: (sender) => `${sender} har delat en fil med dig via Ferry.`,
  download: 'Ladda ner',
  size: 'Storlek',
  availableFor: 'Tillgänglig i',
  messageFrom: (sender) => `Meddelande från ${sender}`,
  receiverFooter: (sender) =>
    `Du får det här e-postmeddelandet eftersom ${sender} angav din adress i Ferry. Ferry sparar den bara i 24 timmar.`,
  // "mottagare" is the same in singular and plural.
  copySubject: (file, count) => `Du har delat ${file} med ${count} mottagare`,
  copyIntro: (count) => `Din fil har skickats via e-post till ${count} mottagare. Det här är din kopia.`,
  recipients: 'Mottagare',
  yourMessage: 'Ditt meddelande',
  copyFooter: 'Du får ett nytt e-postmeddelande när filen laddas ner för första gången.',
  noticeSubject: (file) => `${file} har laddats ner för första gången`,
  noticeIntro: 'Goda nyheter: någon har laddat ner din fil för första gången.',
  downloadedAt: 'Nedladdad',
  timeLeft: 'Tid kvar',
  link: 'Länk',
  openDownloadPage: 'Öppna nedladdningssidan',
  noticeFooter: 'Du får det här meddelandet en gång per fil.',
};
