import type { MailStrings } from '../i18n.js';

// Indonesian nouns stay the same after a number.
export const id: MailStrings = {
  expired: 'kedaluwarsa',
  receiverSubject: (sender, file) => `${sender} mengirimi Anda ${file}`,
  receiverIntro: (sender) => `${sender} membagikan file kepada Anda melalui Ferry.`,
  download: 'Unduh',
  size: 'Ukuran',
  availableFor: 'Tersedia selama',
  messageFrom: (sender) => `Pesan dari ${sender}`,
  receiverFooter: (sender) =>
    `Anda menerima email ini karena ${sender} memasukkan alamat Anda di Ferry. Ferry hanya menyimpannya selama 24 jam.`,
  copySubject: (file, count) => `Anda membagikan ${file} kepada ${count} penerima`,
  copyIntro: (count) => `File Anda telah dikirim lewat email kepada ${count} penerima. Ini salinan Anda.`,
  recipients: 'Penerima',
  yourMessage: 'Pesan Anda',
  copyFooter: 'Anda akan menerima email lagi saat file diunduh untuk pertama kalinya.',
  noticeSubject: (file) => `${file} diunduh untuk pertama kalinya`,
  noticeIntro: 'Kabar baik: seseorang mengunduh file Anda untuk pertama kalinya.',
  downloadedAt: 'Diunduh pada',
  timeLeft: 'Sisa waktu',
  link: 'Tautan',
  openDownloadPage: 'Buka halaman unduhan',
  noticeFooter: 'Anda menerima pemberitahuan ini satu kali untuk setiap file.',
};
