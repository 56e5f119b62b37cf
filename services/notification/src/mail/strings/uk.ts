import type { MailStrings } from '../i18n.js';
import { counted } from '../plural.js';

// one: 1, 21, 31 …; few: 2–4, 22–24 …; many: 0, 5–20, 25 …; other: fractions only.
// Sentences avoid past-tense verbs of the sender (they would show the sender's gender) or agree them with "відправник".
const num = counted('uk');

export const uk: MailStrings = {
  expired: 'термін минув',
  receiverSubject: (sender, file) => `${sender} надсилає вам ${file}`,
  receiverIntro: (sender) => `${sender} ділиться з вами файлом через Ferry.`,
  download: 'Завантажити',
  size: 'Розмір',
  availableFor: 'Доступно ще',
  messageFrom: (sender) => `Повідомлення від ${sender}`,
  receiverFooter: (sender) =>
    `Ви отримали цей лист, бо відправник ${sender} вказав вашу адресу у Ferry. Ferry зберігає її лише 24 години.`,
  // Instrumental after "з", dative for the addressees.
  copySubject: (file, count) =>
    `Ви поділилися файлом ${file} з ${num(count, { one: 'одержувачем', other: 'одержувачами' })}`,
  copyIntro: (count) =>
    `Ваш файл надіслано електронною поштою ${num(count, { one: 'одержувачу', other: 'одержувачам' })}. Це ваша копія.`,
  recipients: 'Одержувачі',
  yourMessage: 'Ваше повідомлення',
  copyFooter: 'Ви отримаєте ще один лист, коли файл завантажать уперше.',
  noticeSubject: (file) => `${file} завантажено вперше`,
  noticeIntro: 'Гарна новина: хтось уперше завантажив ваш файл.',
  downloadedAt: 'Завантажено',
  timeLeft: 'Залишилося часу',
  link: 'Посилання',
  openDownloadPage: 'Відкрити сторінку завантаження',
  noticeFooter: 'Це сповіщення надходить лише один раз для кожного файлу.',
};
