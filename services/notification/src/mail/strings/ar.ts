import type { MailStrings } from '../i18n.js';
import { counted } from '../plural.js';

// zero: 0; one: 1; two: 2; few: 3–10 (+ 103–110 …); many: 11–99 …; other: 100–102 ….
// One and two are said by the noun alone ("مستلم واحد", the dual "مستلمَين"), never "2 مستلم"; from 3 on the number is written.
// Sentences use passive or noun forms where a verb of the sender would have to show their gender.
const num = counted('ar');
const recipients = (n: number) => {
  if (n === 1) return 'مستلم واحد';
  // Genitive dual: both "مع" and "إلى" govern it.
  if (n === 2) return 'مستلمَين';
  return num(n, { few: 'مستلمين', many: 'مستلمًا', other: 'مستلم' });
};

export const ar: MailStrings = {
  expired: 'منتهي الصلاحية',
  receiverSubject: (sender, file) => `لديك ملف من ${sender}: ${file}`,
  receiverIntro: (sender) => `تمت مشاركة ملف معك عبر Ferry من قِبل ${sender}.`,
  download: 'تنزيل',
  size: 'الحجم',
  availableFor: 'المدة المتبقية',
  messageFrom: (sender) => `رسالة من ${sender}`,
  receiverFooter: (sender) =>
    `وصلتك هذه الرسالة لأن عنوانك أُدخل في Ferry من قِبل ${sender}. لا يحتفظ Ferry به إلا 24 ساعة.`,
  copySubject: (file, count) => `شاركت ${file} مع ${recipients(count)}`,
  copyIntro: (count) => `أُرسل ملفك بالبريد الإلكتروني إلى ${recipients(count)}. هذه نسختك.`,
  recipients: 'المستلمون',
  yourMessage: 'رسالتك',
  copyFooter: 'ستصلك رسالة أخرى عند تنزيل الملف لأول مرة.',
  noticeSubject: (file) => `تم تنزيل ${file} لأول مرة`,
  noticeIntro: 'أخبار سارة: قام أحدهم بتنزيل ملفك لأول مرة.',
  downloadedAt: 'وقت التنزيل',
  timeLeft: 'الوقت المتبقي',
  link: 'الرابط',
  openDownloadPage: 'فتح صفحة التنزيل',
  noticeFooter: 'يصلك هذا الإشعار مرة واحدة فقط لكل ملف.',
};
