import type { MailLanguage } from './i18n.js';

/** The words of the "Ferry could not remove your expired files" mail, per language. */
export interface CleanupStrings {
  subject: string;
  intro: string;
  howTo: string;
  signIn: string;
  footer: string;
}

export const cleanupStrings: Record<MailLanguage, CleanupStrings> = {
  en: {
    subject: 'Ferry could not remove your expired files',
    intro:
      'Some files you shared with Ferry have expired, but Ferry could not remove them from your Google Drive: it no longer has access to it. Until they are removed, anyone with a link to them can still download them.',
    howTo:
      'Sign in to Ferry once and Ferry finishes the clean-up by itself. Or remove them yourself: open Google Drive, open the folder _ferryuploads, and delete the expired files (or stop sharing them).',
    signIn: 'Sign in to Ferry',
    footer: 'You get this notice once, until Ferry can reach your drive again.',
  },
  nl: {
    subject: 'Ferry kon je verlopen bestanden niet verwijderen',
    intro:
      'Een paar bestanden die je met Ferry deelde zijn verlopen, maar Ferry kon ze niet uit je Google Drive verwijderen: Ferry heeft er geen toegang meer toe. Tot ze weg zijn, kan iedereen met een link ze nog downloaden.',
    howTo:
      'Log één keer in bij Ferry en Ferry ruimt ze zelf op. Of verwijder ze zelf: open Google Drive, open de map _ferryuploads en verwijder de verlopen bestanden (of stop met delen).',
    signIn: 'Inloggen bij Ferry',
    footer: 'Je krijgt dit bericht één keer, tot Ferry je drive weer kan bereiken.',
  },
  de: {
    subject: 'Ferry konnte deine abgelaufenen Dateien nicht entfernen',
    intro:
      'Einige Dateien, die du mit Ferry geteilt hast, sind abgelaufen, aber Ferry konnte sie nicht aus deinem Google Drive entfernen: Ferry hat keinen Zugriff mehr darauf. Bis sie entfernt sind, kann jeder mit einem Link sie noch herunterladen.',
    howTo:
      'Melde dich einmal bei Ferry an, dann räumt Ferry selbst auf. Oder entferne sie selbst: Öffne Google Drive, öffne den Ordner _ferryuploads und lösche die abgelaufenen Dateien (oder beende die Freigabe).',
    signIn: 'Bei Ferry anmelden',
    footer: 'Du erhältst diesen Hinweis einmal, bis Ferry dein Drive wieder erreichen kann.',
  },
  fr: {
    subject: 'Ferry n’a pas pu supprimer vos fichiers expirés',
    intro:
      'Certains fichiers que vous avez partagés avec Ferry ont expiré, mais Ferry n’a pas pu les supprimer de votre Google Drive : il n’y a plus accès. Tant qu’ils ne sont pas supprimés, toute personne ayant un lien peut encore les télécharger.',
    howTo:
      'Connectez-vous une fois à Ferry et Ferry terminera le nettoyage. Ou supprimez-les vous-même : ouvrez Google Drive, ouvrez le dossier _ferryuploads et supprimez les fichiers expirés (ou arrêtez le partage).',
    signIn: 'Se connecter à Ferry',
    footer: 'Vous recevez cet avis une fois, jusqu’à ce que Ferry puisse à nouveau accéder à votre Drive.',
  },
  es: {
    subject: 'Ferry no pudo eliminar tus archivos caducados',
    intro:
      'Algunos archivos que compartiste con Ferry han caducado, pero Ferry no pudo eliminarlos de tu Google Drive: ya no tiene acceso. Hasta que se eliminen, cualquiera con un enlace puede seguir descargándolos.',
    howTo:
      'Inicia sesión en Ferry una vez y Ferry terminará la limpieza. O elimínalos tú: abre Google Drive, abre la carpeta _ferryuploads y borra los archivos caducados (o deja de compartirlos).',
    signIn: 'Iniciar sesión en Ferry',
    footer: 'Recibes este aviso una vez, hasta que Ferry pueda volver a acceder a tu Drive.',
  },
  it: {
    subject: 'Ferry non è riuscito a rimuovere i tuoi file scaduti',
    intro:
      'Alcuni file che hai condiviso con Ferry sono scaduti, ma Ferry non ha potuto rimuoverli dal tuo Google Drive: non vi ha più accesso. Finché non vengono rimossi, chiunque abbia un link può ancora scaricarli.',
    howTo:
      'Accedi a Ferry una volta e Ferry completerà la pulizia. Oppure rimuovili tu: apri Google Drive, apri la cartella _ferryuploads ed elimina i file scaduti (o interrompi la condivisione).',
    signIn: 'Accedi a Ferry',
    footer: 'Ricevi questo avviso una volta, finché Ferry non potrà di nuovo accedere al tuo Drive.',
  },
  pt: {
    subject: 'O Ferry não conseguiu remover seus arquivos expirados',
    intro:
      'Alguns arquivos que você compartilhou com o Ferry expiraram, mas o Ferry não conseguiu removê-los do seu Google Drive: ele não tem mais acesso. Até serem removidos, qualquer pessoa com um link ainda pode baixá-los.',
    howTo:
      'Entre no Ferry uma vez e o Ferry termina a limpeza sozinho. Ou remova-os você mesmo: abra o Google Drive, abra a pasta _ferryuploads e exclua os arquivos expirados (ou pare de compartilhá-los).',
    signIn: 'Entrar no Ferry',
    footer: 'Você recebe este aviso uma vez, até o Ferry poder acessar seu Drive novamente.',
  },
  sv: {
    subject: 'Ferry kunde inte ta bort dina utgångna filer',
    intro:
      'Några filer du delade med Ferry har gått ut, men Ferry kunde inte ta bort dem från din Google Drive: Ferry har inte längre åtkomst. Tills de är borttagna kan alla med en länk fortfarande ladda ner dem.',
    howTo:
      'Logga in på Ferry en gång så städar Ferry själv. Eller ta bort dem själv: öppna Google Drive, öppna mappen _ferryuploads och radera de utgångna filerna (eller sluta dela dem).',
    signIn: 'Logga in på Ferry',
    footer: 'Du får det här meddelandet en gång, tills Ferry kan nå din Drive igen.',
  },
  pl: {
    subject: 'Ferry nie mógł usunąć Twoich wygasłych plików',
    intro:
      'Niektóre pliki, które udostępniasz w Ferry, wygasły, ale Ferry nie mógł usunąć ich z Twojego Dysku Google: nie ma już do niego dostępu. Dopóki nie zostaną usunięte, każdy z linkiem może je nadal pobrać.',
    howTo:
      'Zaloguj się raz do Ferry, a Ferry sam dokończy porządki. Możesz też usunąć je samodzielnie: otwórz Dysk Google, otwórz folder _ferryuploads i usuń wygasłe pliki (lub przestań je udostępniać).',
    signIn: 'Zaloguj się do Ferry',
    footer: 'Otrzymasz to powiadomienie raz, dopóki Ferry nie odzyska dostępu do Twojego Dysku.',
  },
  tr: {
    subject: 'Ferry süresi dolan dosyalarınızı kaldıramadı',
    intro:
      "Ferry ile paylaştığınız bazı dosyaların süresi doldu, ancak Ferry bunları Google Drive'ınızdan kaldıramadı: artık erişimi yok. Kaldırılana kadar bağlantısı olan herkes bunları hâlâ indirebilir.",
    howTo:
      "Ferry'ye bir kez giriş yapın, Ferry temizliği kendisi tamamlar. Ya da kendiniz kaldırın: Google Drive'ı açın, _ferryuploads klasörünü açın ve süresi dolan dosyaları silin (veya paylaşımı durdurun).",
    signIn: "Ferry'ye giriş yap",
    footer: "Bu bildirimi, Ferry Drive'ınıza yeniden erişebilene kadar bir kez alırsınız.",
  },
  uk: {
    subject: 'Ferry не вдалося видалити ваші прострочені файли',
    intro:
      'Термін дії деяких файлів, якими ви поділилися через Ferry, минув, але Ferry не зміг видалити їх з вашого Google Диска: він більше не має доступу. Доки їх не видалено, будь-хто з посиланням може їх завантажити.',
    howTo:
      'Увійдіть у Ferry один раз, і Ferry сам завершить прибирання. Або видаліть їх самі: відкрийте Google Диск, відкрийте папку _ferryuploads і видаліть прострочені файли (або припиніть спільний доступ).',
    signIn: 'Увійти у Ferry',
    footer: 'Ви отримуєте це повідомлення один раз, доки Ferry знову не матиме доступу до вашого Диска.',
  },
  ja: {
    subject: 'Ferry は期限切れのファイルを削除できませんでした',
    intro:
      'Ferry で共有したファイルの一部が期限切れになりましたが、Ferry は Google Drive にアクセスできなくなったため削除できませんでした。削除されるまで、リンクを持つ人は誰でもダウンロードできます。',
    howTo:
      'Ferry に一度ログインすると、Ferry が自動で片付けます。または自分で削除してください。Google Drive で _ferryuploads フォルダーを開き、期限切れのファイルを削除します（または共有を停止します）。',
    signIn: 'Ferry にログイン',
    footer: 'このお知らせは、Ferry が再び Drive にアクセスできるようになるまで一度だけ届きます。',
  },
  ar: {
    subject: 'تعذّر على Ferry إزالة ملفاتك المنتهية الصلاحية',
    intro:
      'انتهت صلاحية بعض الملفات التي شاركتها عبر Ferry، لكن Ferry لم يتمكن من إزالتها من Google Drive لأنه لم يعد يملك صلاحية الوصول. وإلى أن تُزال، يستطيع أي شخص لديه رابط تنزيلها.',
    howTo:
      'سجّل الدخول إلى Ferry مرة واحدة وسيُكمل Ferry التنظيف بنفسه. أو أزلها بنفسك: افتح Google Drive، وافتح المجلد _ferryuploads، واحذف الملفات المنتهية الصلاحية (أو أوقف مشاركتها).',
    signIn: 'تسجيل الدخول إلى Ferry',
    footer: 'يصلك هذا الإشعار مرة واحدة، إلى أن يتمكن Ferry من الوصول إلى Drive مجددًا.',
  },
  bn: {
    subject: 'Ferry আপনার মেয়াদোত্তীর্ণ ফাইলগুলো সরাতে পারেনি',
    intro:
      'Ferry দিয়ে শেয়ার করা আপনার কিছু ফাইলের মেয়াদ শেষ হয়েছে, কিন্তু Ferry সেগুলো আপনার Google Drive থেকে সরাতে পারেনি: এর আর অ্যাক্সেস নেই। সরানো না হওয়া পর্যন্ত লিংক থাকা যে কেউ সেগুলো ডাউনলোড করতে পারবে।',
    howTo:
      'একবার Ferry-তে সাইন ইন করুন, Ferry নিজেই পরিষ্কার করে দেবে। অথবা নিজে সরান: Google Drive খুলুন, _ferryuploads ফোল্ডার খুলুন এবং মেয়াদোত্তীর্ণ ফাইলগুলো মুছে দিন (বা শেয়ার করা বন্ধ করুন)।',
    signIn: 'Ferry-তে সাইন ইন করুন',
    footer: 'Ferry আবার আপনার Drive-এ পৌঁছাতে না পারা পর্যন্ত আপনি এই বার্তাটি একবারই পাবেন।',
  },
  he: {
    subject: 'Ferry לא הצליח להסיר את הקבצים שפג תוקפם',
    intro:
      'תוקפם של חלק מהקבצים ששיתפתם עם Ferry פג, אבל Ferry לא הצליח להסיר אותם מ-Google Drive שלכם: אין לו עוד גישה. עד שיוסרו, כל מי שיש לו קישור עדיין יכול להוריד אותם.',
    howTo:
      'התחברו ל-Ferry פעם אחת ו-Ferry ישלים את הניקוי בעצמו. או הסירו אותם בעצמכם: פתחו את Google Drive, פתחו את התיקייה _ferryuploads ומחקו את הקבצים שפג תוקפם (או הפסיקו לשתף אותם).',
    signIn: 'התחברות ל-Ferry',
    footer: 'ההודעה הזו נשלחת פעם אחת, עד ש-Ferry יוכל לגשת שוב ל-Drive שלכם.',
  },
  hi: {
    subject: 'Ferry आपकी समाप्त हो चुकी फ़ाइलें नहीं हटा सका',
    intro:
      'Ferry से शेयर की गई आपकी कुछ फ़ाइलों की अवधि समाप्त हो गई है, लेकिन Ferry उन्हें आपके Google Drive से नहीं हटा सका: उसके पास अब पहुँच नहीं है। हटाए जाने तक, लिंक वाला कोई भी व्यक्ति उन्हें डाउनलोड कर सकता है।',
    howTo:
      'Ferry में एक बार साइन इन करें, Ferry खुद सफ़ाई पूरी कर देगा। या खुद हटाएँ: Google Drive खोलें, _ferryuploads फ़ोल्डर खोलें और समाप्त फ़ाइलें हटाएँ (या शेयर करना बंद करें)।',
    signIn: 'Ferry में साइन इन करें',
    footer: 'जब तक Ferry फिर से आपके Drive तक नहीं पहुँचता, आपको यह सूचना एक बार मिलेगी।',
  },
  id: {
    subject: 'Ferry tidak dapat menghapus file Anda yang kedaluwarsa',
    intro:
      'Beberapa file yang Anda bagikan dengan Ferry sudah kedaluwarsa, tetapi Ferry tidak dapat menghapusnya dari Google Drive Anda: Ferry tidak lagi punya akses. Sampai dihapus, siapa pun yang punya tautan masih bisa mengunduhnya.',
    howTo:
      'Masuk ke Ferry sekali dan Ferry akan menyelesaikan pembersihan sendiri. Atau hapus sendiri: buka Google Drive, buka folder _ferryuploads, lalu hapus file yang kedaluwarsa (atau berhenti membagikannya).',
    signIn: 'Masuk ke Ferry',
    footer: 'Anda menerima pemberitahuan ini sekali, sampai Ferry dapat menjangkau Drive Anda lagi.',
  },
};
