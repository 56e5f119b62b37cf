import type { MailStrings } from '../i18n.js';
import { counted } from '../plural.js';

// one: 1; two: 2; other: the rest. With a written digit, 2 takes the plural ("2 ימים"), so the number is always shown.
// Sentences use passive forms where a verb of the sender would have to show their gender; the reader is
// addressed in the plural, as on every screen (one register, gender-neutral).
const num = counted('he');
const recipients = (n: number) => num(n, { one: 'נמען', other: 'נמענים' });

export const he: MailStrings = {
  expired: 'פג תוקף',
  receiverSubject: (sender, file) => `קיבלתם את ${file} מאת ${sender}`,
  receiverIntro: (sender) => `קובץ שותף איתכם דרך Ferry על ידי ${sender}.`,
  download: 'הורדה',
  size: 'גודל',
  availableFor: 'זמין למשך',
  messageFrom: (sender) => `הודעה מאת ${sender}`,
  receiverFooter: (sender) =>
    `קיבלתם הודעה זו כי הכתובת שלכם הוזנה ב-Ferry על ידי ${sender}. Ferry שומר אותה 24 שעות בלבד.`,
  copySubject: (file, count) => `שיתפתם את ${file} עם ${recipients(count)}`,
  copyIntro: (count) => `הקובץ שלכם נשלח בדוא״ל ל-${recipients(count)}. זה העותק שלכם.`,
  recipients: 'נמענים',
  yourMessage: 'ההודעה שלכם',
  copyFooter: 'הודעה נוספת תישלח אליכם כשמישהו יוריד את הקובץ בפעם הראשונה.',
  noticeSubject: (file) => `${file} הורד בפעם הראשונה`,
  noticeIntro: 'חדשות טובות: מישהו הוריד את הקובץ שלכם בפעם הראשונה.',
  downloadedAt: 'זמן ההורדה',
  timeLeft: 'זמן שנותר',
  link: 'קישור',
  openDownloadPage: 'פתיחת דף ההורדה',
  noticeFooter: 'הודעה זו נשלחת פעם אחת בלבד לכל קובץ.',
};
