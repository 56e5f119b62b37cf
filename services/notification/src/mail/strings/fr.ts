import type { MailStrings } from '../i18n.js';
import { counted } from '../plural.js';

// French "one" covers 0 and 1; "many" (1 000 000 …) falls back to "other".
const num = counted('fr');
const recipients = (n: number) => num(n, { one: 'destinataire', other: 'destinataires' });

export const fr: MailStrings = {
  expired: 'expiré',
  receiverSubject: (sender, file) => `${sender} vous a envoyé ${file}`,
  receiverIntro: (sender) => `${sender} a partagé un fichier avec vous via Ferry.`,
  download: 'Télécharger',
  size: 'Taille',
  availableFor: 'Disponible pendant',
  messageFrom: (sender) => `Message de ${sender}`,
  receiverFooter: (sender) =>
    `Vous recevez cet e-mail parce que ${sender} a saisi votre adresse dans Ferry. Ferry ne la conserve que 24 heures.`,
  copySubject: (file, count) => `Vous avez partagé ${file} avec ${recipients(count)}`,
  copyIntro: (count) => `Votre fichier a été envoyé par e-mail à ${recipients(count)}. Voici votre copie.`,
  recipients: 'Destinataires',
  yourMessage: 'Votre message',
  copyFooter: 'Vous recevrez un autre e-mail lorsque le fichier sera téléchargé pour la première fois.',
  noticeSubject: (file) => `${file} a été téléchargé pour la première fois`,
  noticeIntro: 'Bonne nouvelle\u00a0: quelqu’un a téléchargé votre fichier pour la première fois.',
  downloadedAt: 'Téléchargé le',
  timeLeft: 'Temps restant',
  link: 'Lien',
  openDownloadPage: 'Ouvrir la page de téléchargement',
  noticeFooter: 'Vous ne recevez cette notification qu’une fois par fichier.',
};
