import type { MailStrings } from '../i18n.js';

// Turkish nouns stay singular after a number.
export const tr: MailStrings = {
  days: (n) => `${n} gün`,
  hours: (n) => `${n} saat`,
  minutes: (n) => `${n} dakika`,
  expired: 'süresi doldu',
  receiverSubject: (sender, file) => `${sender} size ${file} gönderdi`,
  receiverIntro: (sender) => `${sender}, Ferry üzerinden sizinle bir dosya paylaştı.`,
  download: 'İndir',
  size: 'Boyut',
  availableFor: 'Kullanılabilir süre',
  messageFrom: (sender) => `${sender} tarafından gönderilen mesaj`,
  receiverFooter: (sender) => `Bu e-postayı, ${sender} adresinizi Ferry'ye girdiği için aldınız. Ferry adresinizi yalnızca 24 saat saklar.`,
  copySubject: (file, count) => `${file} dosyasını ${count} alıcıyla paylaştınız`,
  copyIntro: (count) => `Dosyanız ${count} alıcıya e-postayla gönderildi. Bu sizin kopyanız.`,
  recipients: 'Alıcılar',
  yourMessage: 'Mesajınız',
  copyFooter: 'Dosya ilk kez indirildiğinde bir e-posta daha alacaksınız.',
  noticeSubject: (file) => `${file} ilk kez indirildi`,
  noticeIntro: 'Güzel haber: biri dosyanızı ilk kez indirdi.',
  downloadedAt: 'İndirilme zamanı',
  timeLeft: 'Kalan süre',
  link: 'Bağlantı',
  noticeFooter: 'Bu bildirimi her dosya için yalnızca bir kez alırsınız.',
};
