import type { MailLanguage } from './i18n.js';

/** The words of the "a recipient asks for more time" mail to a link's owner, per language. */
export interface MoreTimeStrings {
  subject(file: string): string;
  /** The request, with the recipient's name when they gave one. */
  intro(name: string): string;
  expires: string;
  theirMessage: string;
  button: string;
  /** What the button does: one more day, once, without signing in; works for 7 days. */
  explain: string;
  footer: string;
}

export const moreTimeStrings: Record<MailLanguage, MoreTimeStrings> = {
  en: {
    subject: (file) => `More time for ${file}?`,
    intro: (name) =>
      name
        ? `${name} has your Ferry link and asks for more time to download the file before it expires.`
        : 'Someone with your Ferry link asks for more time to download the file before it expires.',
    expires: 'Expires',
    theirMessage: 'Their message',
    button: '+1 day',
    explain:
      'The button keeps the link one more day. It works once, without signing in, for 7 days. If you do nothing, the link expires as planned.',
    footer: 'You get this mail because someone asked for more time on the download page of your link.',
  },
  nl: {
    subject: (file) => `Meer tijd voor ${file}?`,
    intro: (name) =>
      name
        ? `${name} heeft je Ferry-link en vraagt om meer tijd om het bestand te downloaden voordat het verloopt.`
        : 'Iemand met je Ferry-link vraagt om meer tijd om het bestand te downloaden voordat het verloopt.',
    expires: 'Verloopt',
    theirMessage: 'Bericht',
    button: '+1 dag',
    explain:
      'De knop houdt de link één dag langer open. Hij werkt één keer, zonder in te loggen, gedurende 7 dagen. Doe je niets, dan verloopt de link zoals gepland.',
    footer: 'Je krijgt dit bericht omdat iemand op de downloadpagina van je link om meer tijd vroeg.',
  },
  de: {
    subject: (file) => `Mehr Zeit für ${file}?`,
    intro: (name) =>
      name
        ? `${name} hat deinen Ferry-Link und bittet um mehr Zeit, um die Datei herunterzuladen, bevor sie abläuft.`
        : 'Jemand mit deinem Ferry-Link bittet um mehr Zeit, um die Datei herunterzuladen, bevor sie abläuft.',
    expires: 'Läuft ab',
    theirMessage: 'Nachricht',
    button: '+1 Tag',
    explain:
      'Die Schaltfläche hält den Link einen Tag länger offen. Sie funktioniert einmal, ohne Anmeldung, 7 Tage lang. Wenn du nichts tust, läuft der Link wie geplant ab.',
    footer: 'Du erhältst diese E-Mail, weil jemand auf der Download-Seite deines Links um mehr Zeit gebeten hat.',
  },
  fr: {
    subject: (file) => `Plus de temps pour ${file} ?`,
    intro: (name) =>
      name
        ? `${name} a votre lien Ferry et demande plus de temps pour télécharger le fichier avant qu’il n’expire.`
        : 'Une personne qui a votre lien Ferry demande plus de temps pour télécharger le fichier avant qu’il n’expire.',
    expires: 'Expire',
    theirMessage: 'Son message',
    button: '+1 jour',
    explain:
      'Le bouton garde le lien un jour de plus. Il fonctionne une fois, sans connexion, pendant 7 jours. Si vous ne faites rien, le lien expire comme prévu.',
    footer:
      'Vous recevez ce message parce que quelqu’un a demandé plus de temps sur la page de téléchargement de votre lien.',
  },
  es: {
    subject: (file) => `¿Más tiempo para ${file}?`,
    intro: (name) =>
      name
        ? `${name} tiene tu enlace de Ferry y pide más tiempo para descargar el archivo antes de que caduque.`
        : 'Alguien con tu enlace de Ferry pide más tiempo para descargar el archivo antes de que caduque.',
    expires: 'Caduca',
    theirMessage: 'Su mensaje',
    button: '+1 día',
    explain:
      'El botón mantiene el enlace un día más. Funciona una vez, sin iniciar sesión, durante 7 días. Si no haces nada, el enlace caduca según lo previsto.',
    footer: 'Recibes este correo porque alguien pidió más tiempo en la página de descarga de tu enlace.',
  },
  it: {
    subject: (file) => `Più tempo per ${file}?`,
    intro: (name) =>
      name
        ? `${name} ha il tuo link Ferry e chiede più tempo per scaricare il file prima che scada.`
        : 'Qualcuno con il tuo link Ferry chiede più tempo per scaricare il file prima che scada.',
    expires: 'Scade',
    theirMessage: 'Il suo messaggio',
    button: '+1 giorno',
    explain:
      'Il pulsante mantiene il link attivo un giorno in più. Funziona una volta, senza accedere, per 7 giorni. Se non fai nulla, il link scade come previsto.',
    footer: 'Ricevi questa e-mail perché qualcuno ha chiesto più tempo nella pagina di download del tuo link.',
  },
  pt: {
    subject: (file) => `Mais tempo para ${file}?`,
    intro: (name) =>
      name
        ? `${name} tem seu link do Ferry e pede mais tempo para baixar o arquivo antes que ele expire.`
        : 'Alguém com seu link do Ferry pede mais tempo para baixar o arquivo antes que ele expire.',
    expires: 'Expira',
    theirMessage: 'A mensagem',
    button: '+1 dia',
    explain:
      'O botão mantém o link ativo por mais um dia. Funciona uma vez, sem precisar entrar, durante 7 dias. Se você não fizer nada, o link expira como previsto.',
    footer: 'Você recebeu este e-mail porque alguém pediu mais tempo na página de download do seu link.',
  },
  sv: {
    subject: (file) => `Mer tid för ${file}?`,
    intro: (name) =>
      name
        ? `${name} har din Ferry-länk och ber om mer tid att ladda ner filen innan den går ut.`
        : 'Någon med din Ferry-länk ber om mer tid att ladda ner filen innan den går ut.',
    expires: 'Går ut',
    theirMessage: 'Meddelande',
    button: '+1 dag',
    explain:
      'Knappen håller länken öppen en dag till. Den fungerar en gång, utan inloggning, i 7 dagar. Gör du ingenting går länken ut som planerat.',
    footer: 'Du får det här e-postmeddelandet eftersom någon bad om mer tid på nedladdningssidan för din länk.',
  },
  pl: {
    subject: (file) => `Więcej czasu na ${file}?`,
    intro: (name) =>
      name
        ? `${name} ma Twój link Ferry i prosi o więcej czasu na pobranie pliku, zanim link wygaśnie.`
        : 'Ktoś, kto ma Twój link Ferry, prosi o więcej czasu na pobranie pliku, zanim link wygaśnie.',
    expires: 'Wygasa',
    theirMessage: 'Wiadomość',
    button: '+1 dzień',
    explain:
      'Przycisk przedłuża link o jeden dzień. Działa raz, bez logowania, przez 7 dni. Jeśli nic nie zrobisz, link wygaśnie zgodnie z planem.',
    footer: 'Otrzymujesz tę wiadomość, bo ktoś poprosił o więcej czasu na stronie pobierania Twojego linku.',
  },
  tr: {
    subject: (file) => `${file} için daha fazla süre?`,
    intro: (name) =>
      name
        ? `${name}, Ferry bağlantınıza sahip ve süresi dolmadan dosyayı indirmek için daha fazla süre istiyor.`
        : 'Ferry bağlantınıza sahip biri, süresi dolmadan dosyayı indirmek için daha fazla süre istiyor.',
    expires: 'Sona eriyor',
    theirMessage: 'Mesajı',
    button: '+1 gün',
    explain:
      'Düğme bağlantıyı bir gün daha açık tutar. Giriş yapmadan, bir kez ve 7 gün boyunca çalışır. Hiçbir şey yapmazsanız bağlantının süresi planlandığı gibi dolar.',
    footer: 'Bu e-postayı, biri bağlantınızın indirme sayfasında daha fazla süre istediği için alıyorsunuz.',
  },
  uk: {
    subject: (file) => `Більше часу для ${file}?`,
    intro: (name) =>
      name
        ? `${name} має ваше посилання Ferry і просить більше часу, щоб завантажити файл, поки посилання не втратило чинності.`
        : 'Хтось із вашим посиланням Ferry просить більше часу, щоб завантажити файл, поки посилання не втратило чинності.',
    expires: 'Діє до',
    theirMessage: 'Повідомлення',
    button: '+1 день',
    explain:
      'Кнопка продовжує посилання ще на один день. Вона спрацьовує один раз, без входу, протягом 7 днів. Якщо нічого не робити, термін дії посилання спливе, як заплановано.',
    footer: 'Ви отримали цей лист, бо хтось попросив більше часу на сторінці завантаження вашого посилання.',
  },
  ja: {
    subject: (file) => `${file} の期限延長のお願い`,
    intro: (name) =>
      name
        ? `${name} さんが Ferry のリンクの期限が切れる前にファイルをダウンロードできるよう、期限の延長を求めています。`
        : 'Ferry のリンクを受け取った方が、期限が切れる前にファイルをダウンロードできるよう、期限の延長を求めています。',
    expires: '有効期限',
    theirMessage: 'メッセージ',
    button: '+1 日',
    explain:
      'このボタンでリンクを 1 日延長できます。ログイン不要で 1 回だけ、7 日間使えます。何もしなければ、リンクは予定どおり期限切れになります。',
    footer: 'このメールは、あなたのリンクのダウンロードページで期限の延長が求められたため送信されました。',
  },
  ar: {
    subject: (file) => `مزيد من الوقت لـ ${file}؟`,
    intro: (name) =>
      name
        ? `لدى ${name} رابط Ferry الخاص بك ويطلب مزيدًا من الوقت لتنزيل الملف قبل انتهاء صلاحيته.`
        : 'شخص لديه رابط Ferry الخاص بك يطلب مزيدًا من الوقت لتنزيل الملف قبل انتهاء صلاحيته.',
    expires: 'ينتهي في',
    theirMessage: 'رسالته',
    button: 'يوم إضافي',
    explain:
      'يُبقي الزر الرابط متاحًا يومًا إضافيًا. يعمل مرة واحدة، دون تسجيل الدخول، لمدة 7 أيام. إن لم تفعل شيئًا، تنتهي صلاحية الرابط كما هو مقرر.',
    footer: 'وصلتك هذه الرسالة لأن أحدًا طلب مزيدًا من الوقت في صفحة تنزيل رابطك.',
  },
  bn: {
    subject: (file) => `${file}-এর জন্য আরও সময়?`,
    intro: (name) =>
      name
        ? `${name}-এর কাছে আপনার Ferry লিংক আছে, আর মেয়াদ শেষ হওয়ার আগে ফাইলটি ডাউনলোড করতে তিনি আরও সময় চাইছেন।`
        : 'আপনার Ferry লিংক আছে এমন একজন মেয়াদ শেষ হওয়ার আগে ফাইলটি ডাউনলোড করতে আরও সময় চাইছেন।',
    expires: 'মেয়াদ শেষ',
    theirMessage: 'তাঁর বার্তা',
    button: '+১ দিন',
    explain:
      'বোতামটি লিংকটি আরও এক দিন চালু রাখে। এটি সাইন ইন ছাড়াই একবার কাজ করে, ৭ দিন পর্যন্ত। কিছু না করলে লিংকটির মেয়াদ পরিকল্পনামতো শেষ হবে।',
    footer: 'আপনার লিংকের ডাউনলোড পেজে কেউ আরও সময় চেয়েছেন বলে আপনি এই ইমেলটি পেয়েছেন।',
  },
  he: {
    subject: (file) => `עוד זמן עבור ${file}?`,
    intro: (name) =>
      name
        ? `ל־${name} יש את הקישור שלכם ב־Ferry, והוא מבקש עוד זמן כדי להוריד את הקובץ לפני שתוקפו יפוג.`
        : 'מישהו שיש לו את הקישור שלכם ב־Ferry מבקש עוד זמן כדי להוריד את הקובץ לפני שתוקפו יפוג.',
    expires: 'בתוקף עד',
    theirMessage: 'ההודעה',
    button: '+יום אחד',
    explain:
      'הכפתור משאיר את הקישור פתוח עוד יום. הוא פועל פעם אחת, בלי להתחבר, במשך 7 ימים. אם לא תעשו דבר, תוקף הקישור יפוג כמתוכנן.',
    footer: 'קיבלתם את ההודעה הזאת כי מישהו ביקש עוד זמן בדף ההורדה של הקישור שלכם.',
  },
  hi: {
    subject: (file) => `${file} के लिए और समय?`,
    intro: (name) =>
      name
        ? `${name} के पास आपका Ferry लिंक है और वे लिंक की अवधि खत्म होने से पहले फ़ाइल डाउनलोड करने के लिए और समय माँग रहे हैं।`
        : 'आपके Ferry लिंक वाले किसी व्यक्ति ने लिंक की अवधि खत्म होने से पहले फ़ाइल डाउनलोड करने के लिए और समय माँगा है।',
    expires: 'समाप्ति',
    theirMessage: 'उनका संदेश',
    button: '+1 दिन',
    explain:
      'यह बटन लिंक को एक दिन और खुला रखता है। यह साइन इन किए बिना एक बार, 7 दिनों तक काम करता है। आप कुछ न करें तो लिंक तय समय पर समाप्त हो जाएगा।',
    footer: 'आपको यह ईमेल इसलिए मिला क्योंकि किसी ने आपके लिंक के डाउनलोड पेज पर और समय माँगा।',
  },
  id: {
    subject: (file) => `Tambah waktu untuk ${file}?`,
    intro: (name) =>
      name
        ? `${name} memegang tautan Ferry Anda dan meminta tambahan waktu untuk mengunduh file sebelum kedaluwarsa.`
        : 'Seseorang yang memegang tautan Ferry Anda meminta tambahan waktu untuk mengunduh file sebelum kedaluwarsa.',
    expires: 'Kedaluwarsa',
    theirMessage: 'Pesannya',
    button: '+1 hari',
    explain:
      'Tombol ini membuat tautan tetap aktif satu hari lagi. Tombol berfungsi sekali, tanpa masuk, selama 7 hari. Jika Anda tidak melakukan apa pun, tautan kedaluwarsa sesuai rencana.',
    footer: 'Anda menerima email ini karena seseorang meminta tambahan waktu di halaman unduhan tautan Anda.',
  },
};
