import type { MailStrings } from '../i18n.js';

// Bengali nouns stay the same after a number (people are counted with "জন"). Counts are written in
// Bengali digits, as Intl writes the sizes, dates and countdowns beside them.
const digits = new Intl.NumberFormat('bn');
export const bn: MailStrings = {
  expired: 'মেয়াদ শেষ',
  receiverSubject: (sender, file) => `${sender} আপনাকে ${file} পাঠিয়েছেন`,
  receiverIntro: (sender) => `${sender} Ferry-র মাধ্যমে আপনার সাথে একটি ফাইল শেয়ার করেছেন।`,
  download: 'ডাউনলোড করুন',
  size: 'আকার',
  availableFor: 'উপলব্ধ থাকবে',
  messageFrom: (sender) => `${sender}-এর বার্তা`,
  receiverFooter: (sender) =>
    `আপনি এই ইমেলটি পেয়েছেন কারণ ${sender} Ferry-তে আপনার ঠিকানা দিয়েছেন। Ferry এটি মাত্র ২৪ ঘণ্টা রাখে।`,
  copySubject: (file, count) => `আপনি ${file} ${digits.format(count)} জন প্রাপকের সাথে শেয়ার করেছেন`,
  copyIntro: (count) => `আপনার ফাইলটি ${digits.format(count)} জন প্রাপককে ইমেল করা হয়েছে। এটি আপনার কপি।`,
  recipients: 'প্রাপক',
  yourMessage: 'আপনার বার্তা',
  copyFooter: 'ফাইলটি প্রথমবার ডাউনলোড হলে আপনি আরেকটি ইমেল পাবেন।',
  noticeSubject: (file) => `${file} প্রথমবার ডাউনলোড হয়েছে`,
  noticeIntro: 'সুখবর: কেউ প্রথমবার আপনার ফাইলটি ডাউনলোড করেছেন।',
  downloadedAt: 'ডাউনলোডের সময়',
  timeLeft: 'বাকি সময়',
  link: 'লিংক',
  openDownloadPage: 'ডাউনলোড পেজ খুলুন',
  noticeFooter: 'প্রতিটি ফাইলের জন্য আপনি এই বিজ্ঞপ্তি একবারই পাবেন।',
};
