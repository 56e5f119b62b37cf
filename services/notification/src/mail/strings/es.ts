import type { MailStrings } from '../i18n.js';
import { counted } from '../plural.js';

const num = counted('es');
const recipients = (n: number) => num(n, { one: 'destinatario', other: 'destinatarios' });

export const es: MailStrings = {
  expired: 'caducado',
  receiverSubject: (sender, file) => `${sender} te ha enviado ${file}`,
  receiverIntro: (sender) => `${sender} ha compartido un archivo contigo a través de Ferry.`,
  download: 'Descargar',
  size: 'Tamaño',
  availableFor: 'Disponible durante',
  messageFrom: (sender) => `Mensaje de ${sender}`,
  receiverFooter: (sender) =>
    `Recibes este correo porque ${sender} introdujo tu dirección en Ferry. Ferry solo la guarda durante 24 horas.`,
  copySubject: (file, count) => `Has compartido ${file} con ${recipients(count)}`,
  copyIntro: (count) => `Tu archivo se ha enviado por correo a ${recipients(count)}. Esta es tu copia.`,
  recipients: 'Destinatarios',
  yourMessage: 'Tu mensaje',
  copyFooter: 'Recibirás otro correo cuando el archivo se descargue por primera vez.',
  noticeSubject: (file) => `${file} se ha descargado por primera vez`,
  noticeIntro: 'Buenas noticias: alguien ha descargado tu archivo por primera vez.',
  downloadedAt: 'Descargado el',
  timeLeft: 'Tiempo restante',
  link: 'Enlace',
  openDownloadPage: 'Abrir la página de descarga',
  noticeFooter: 'Recibes este aviso una sola vez por archivo.',
};
