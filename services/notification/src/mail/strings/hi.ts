import type { MailStrings } from '../i18n.js';
import { counted } from '../plural.js';

// Hindi "one" covers 0 and 1.
const num = counted('hi');

export const hi: MailStrings = {
  expired: 'समय-सीमा खत्म',
  receiverSubject: (sender, file) => `${sender} ने आपको एक फ़ाइल भेजी है: ${file}`,
  receiverIntro: (sender) => `${sender} ने Ferry के ज़रिए आपके साथ एक फ़ाइल शेयर की है।`,
  download: 'डाउनलोड करें',
  size: 'आकार',
  availableFor: 'उपलब्ध रहेगी',
  messageFrom: (sender) => `${sender} का संदेश`,
  receiverFooter: (sender) =>
    `आपको यह ईमेल इसलिए मिला है क्योंकि ${sender} ने Ferry में आपका पता डाला है। Ferry इसे सिर्फ़ 24 घंटे तक रखता है।`,
  // Oblique plural after "के साथ" / "को".
  copySubject: (file, count) =>
    `आपने ${file} को ${num(count, { one: 'प्राप्तकर्ता', other: 'प्राप्तकर्ताओं' })} के साथ शेयर किया`,
  copyIntro: (count) =>
    `आपकी फ़ाइल ${num(count, { one: 'प्राप्तकर्ता', other: 'प्राप्तकर्ताओं' })} को ईमेल कर दी गई है। यह आपकी कॉपी है।`,
  recipients: 'प्राप्तकर्ता',
  yourMessage: 'आपका संदेश',
  copyFooter: 'फ़ाइल पहली बार डाउनलोड होने पर आपको एक और ईमेल मिलेगा।',
  noticeSubject: (file) => `${file} को पहली बार डाउनलोड किया गया`,
  noticeIntro: 'अच्छी ख़बर: किसी ने पहली बार आपकी फ़ाइल डाउनलोड की है।',
  downloadedAt: 'डाउनलोड का समय',
  timeLeft: 'बचा हुआ समय',
  link: 'लिंक',
  openDownloadPage: 'डाउनलोड पेज खोलें',
  noticeFooter: 'यह सूचना आपको हर फ़ाइल के लिए सिर्फ़ एक बार मिलती है।',
};
