import type { MailStrings } from '../i18n.js';

// Turkish nouns stay singular after a number. A file name cannot take the accusative suffix (its last
// vowel is unknown), so subjects name "bir dosya" and put the name after a colon.
export const tr: MailStrings = {
  expired: 'süresi doldu',
  receiverSubject: (sender, file) => `${sender} size bir dosya gönderdi: ${file}`,
  receiverIntro: (sender) => `${sender}, Ferry üzerinden sizinle bir dosya paylaştı.`,
  download: 'İndir',
  size: 'Boyut',
  availableFor: 'Kullanılabilir süre',
  messageFrom: (sender) => `${sender} tarafından gönderilen mesaj`,
  receiverFooter: (sender) =>
    `Bu e-postayı, ${sender} adresinizi Ferry'ye girdiği için aldınız. Ferry adresinizi yalnızca 24 saat saklar.`,
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
  openDownloadPage: 'İndirme sayfasını aç',
  noticeFooter: 'Bu bildirimi her dosya için yalnızca bir kez alırsınız.',
};
