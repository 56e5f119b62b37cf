import type { MailStrings } from '../i18n.js';
import { counted } from '../plural.js';

// Brazilian Portuguese ("você"), as Intl formats plain 'pt'. "one" covers 0 and 1.
const num = counted('pt');
const recipients = (n: number) => num(n, { one: 'destinatário', other: 'destinatários' });

export const pt: MailStrings = {
  expired: 'expirado',
  receiverSubject: (sender, file) => `${sender} enviou ${file} para você`,
  receiverIntro: (sender) => `${sender} compartilhou um arquivo com você pelo Ferry.`,
  download: 'Baixar',
  size: 'Tamanho',
  availableFor: 'Disponível por',
  messageFrom: (sender) => `Mensagem de ${sender}`,
  receiverFooter: (sender) =>
    `Você recebeu este e-mail porque ${sender} informou seu endereço no Ferry. O Ferry o guarda por apenas 24 horas.`,
  copySubject: (file, count) => `Você compartilhou ${file} com ${recipients(count)}`,
  copyIntro: (count) => `Seu arquivo foi enviado por e-mail para ${recipients(count)}. Esta é a sua cópia.`,
  recipients: 'Destinatários',
  yourMessage: 'Sua mensagem',
  copyFooter: 'Você vai receber outro e-mail quando o arquivo for baixado pela primeira vez.',
  noticeSubject: (file) => `${file} foi baixado pela primeira vez`,
  noticeIntro: 'Boa notícia: alguém baixou seu arquivo pela primeira vez.',
  downloadedAt: 'Baixado em',
  timeLeft: 'Tempo restante',
  link: 'Link',
  openDownloadPage: 'Abrir a página de download',
  noticeFooter: 'Você recebe este aviso uma vez por arquivo.',
};
