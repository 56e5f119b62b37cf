import type { MailStrings } from '../i18n.js';

// Japanese has no plural forms.
export const ja: MailStrings = {
  expired: '期限切れ',
  receiverSubject: (sender, file) => `${sender} さんから ${file} が届きました`,
  receiverIntro: (sender) => `${sender} さんが Ferry であなたとファイルを共有しました。`,
  download: 'ダウンロード',
  size: 'サイズ',
  availableFor: '有効期間',
  messageFrom: (sender) => `${sender} さんからのメッセージ`,
  receiverFooter: (sender) =>
    `このメールは、${sender} さんが Ferry にあなたのアドレスを入力したため送信されました。Ferry はアドレスを 24 時間だけ保存します。`,
  copySubject: (file, count) => `${file} を ${count} 人の受信者と共有しました`,
  copyIntro: (count) => `ファイルを ${count} 人の受信者にメールで送りました。こちらはあなたの控えです。`,
  recipients: '受信者',
  yourMessage: 'あなたのメッセージ',
  copyFooter: 'ファイルが初めてダウンロードされたら、もう一度メールでお知らせします。',
  noticeSubject: (file) => `${file} が初めてダウンロードされました`,
  noticeIntro: 'うれしいお知らせです。あなたのファイルが初めてダウンロードされました。',
  downloadedAt: 'ダウンロード日時',
  timeLeft: '残り時間',
  link: 'リンク',
  openDownloadPage: 'ダウンロードページを開く',
  noticeFooter: 'この通知はファイルごとに 1 回だけ届きます。',
};
