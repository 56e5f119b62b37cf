import type { MailLanguage } from './i18n.js';

/** The words of the "your Ferry account was deleted" mail, per language. */
export interface AccountDeletedStrings {
  subject: string;
  /** What Ferry did, in one paragraph. */
  done: string;
  /** Said only when the user asked for their files in _ferryuploads to go to the drive's trash. */
  trashed: string;
  /** Said when the files stayed in their drive. */
  kept: string;
  footer: string;
}

export const accountDeletedStrings: Record<MailLanguage, AccountDeletedStrings> = {
  en: {
    subject: 'Your Ferry account was deleted',
    done: 'As you asked, Ferry deleted your account: your subscription is cancelled, your links no longer work, your download counts, statistics and the mails Ferry sent for you are deleted, Ferry no longer has access to your Google Drive, and you are signed out everywhere.',
    trashed:
      'Your files in the folder _ferryuploads were moved to your drive’s trash. Google empties the trash after 30 days.',
    kept: 'Your files stay in the folder _ferryuploads of your Google Drive; nobody can open them through Ferry any more.',
    footer: 'This is the last mail Ferry sends you. You can sign in again at any time to start afresh.',
  },
  nl: {
    subject: 'Je Ferry-account is verwijderd',
    done: 'Zoals je vroeg heeft Ferry je account verwijderd: je abonnement is opgezegd, je links werken niet meer, je downloadtellingen, statistieken en de e-mails die Ferry voor je stuurde zijn verwijderd, Ferry heeft geen toegang meer tot je Google Drive en je bent overal uitgelogd.',
    trashed:
      'Je bestanden in de map _ferryuploads staan nu in de prullenbak van je drive. Google leegt de prullenbak na 30 dagen.',
    kept: 'Je bestanden blijven in de map _ferryuploads van je Google Drive; niemand kan ze nog via Ferry openen.',
    footer: 'Dit is de laatste e-mail van Ferry. Je kunt altijd opnieuw inloggen om opnieuw te beginnen.',
  },
  de: {
    subject: 'Dein Ferry-Konto wurde gelöscht',
    done: 'Wie gewünscht hat Ferry dein Konto gelöscht: Dein Abo ist gekündigt, deine Links funktionieren nicht mehr, deine Downloadzahlen, Statistiken und die E-Mails, die Ferry für dich verschickt hat, sind gelöscht, Ferry hat keinen Zugriff mehr auf dein Google Drive und du bist überall abgemeldet.',
    trashed:
      'Deine Dateien im Ordner _ferryuploads liegen jetzt im Papierkorb deines Drive. Google leert den Papierkorb nach 30 Tagen.',
    kept: 'Deine Dateien bleiben im Ordner _ferryuploads deines Google Drive; niemand kann sie mehr über Ferry öffnen.',
    footer: 'Dies ist die letzte E-Mail von Ferry. Du kannst dich jederzeit neu anmelden und von vorn beginnen.',
  },
  fr: {
    subject: 'Votre compte Ferry a été supprimé',
    done: 'Comme demandé, Ferry a supprimé votre compte : votre abonnement est résilié, vos liens ne fonctionnent plus, vos compteurs de téléchargements, statistiques et les e-mails envoyés par Ferry pour vous sont supprimés, Ferry n’a plus accès à votre Google Drive et vous êtes déconnecté partout.',
    trashed:
      'Vos fichiers du dossier _ferryuploads ont été placés dans la corbeille de votre Drive. Google vide la corbeille après 30 jours.',
    kept: 'Vos fichiers restent dans le dossier _ferryuploads de votre Google Drive ; personne ne peut plus les ouvrir via Ferry.',
    footer: 'Ceci est le dernier e-mail de Ferry. Vous pouvez vous reconnecter à tout moment pour repartir de zéro.',
  },
  es: {
    subject: 'Tu cuenta de Ferry se ha eliminado',
    done: 'Como pediste, Ferry ha eliminado tu cuenta: tu suscripción está cancelada, tus enlaces ya no funcionan, tus recuentos de descargas, estadísticas y los correos que Ferry envió por ti se han eliminado, Ferry ya no tiene acceso a tu Google Drive y se ha cerrado tu sesión en todas partes.',
    trashed:
      'Tus archivos de la carpeta _ferryuploads están ahora en la papelera de tu Drive. Google vacía la papelera a los 30 días.',
    kept: 'Tus archivos siguen en la carpeta _ferryuploads de tu Google Drive; nadie puede abrirlos ya a través de Ferry.',
    footer: 'Este es el último correo de Ferry. Puedes volver a iniciar sesión cuando quieras para empezar de nuevo.',
  },
  it: {
    subject: 'Il tuo account Ferry è stato eliminato',
    done: 'Come richiesto, Ferry ha eliminato il tuo account: l’abbonamento è annullato, i tuoi link non funzionano più, i conteggi dei download, le statistiche e le e-mail inviate da Ferry per te sono eliminati, Ferry non ha più accesso al tuo Google Drive e sei disconnesso ovunque.',
    trashed:
      'I tuoi file nella cartella _ferryuploads sono stati spostati nel cestino del tuo Drive. Google svuota il cestino dopo 30 giorni.',
    kept: 'I tuoi file restano nella cartella _ferryuploads del tuo Google Drive; nessuno può più aprirli tramite Ferry.',
    footer: 'Questa è l’ultima e-mail di Ferry. Puoi accedere di nuovo in qualsiasi momento per ricominciare.',
  },
  pt: {
    subject: 'Sua conta do Ferry foi excluída',
    done: 'Como você pediu, o Ferry excluiu sua conta: a assinatura foi cancelada, seus links pararam de funcionar, as contagens de downloads, as estatísticas e os e-mails que o Ferry enviou em seu nome foram excluídos, o Ferry não tem mais acesso ao seu Google Drive e sua sessão foi encerrada em todos os dispositivos.',
    trashed:
      'Seus arquivos na pasta _ferryuploads foram movidos para a lixeira do seu Drive. O Google esvazia a lixeira após 30 dias.',
    kept: 'Seus arquivos continuam na pasta _ferryuploads do seu Google Drive; ninguém consegue abri-los pelo Ferry.',
    footer: 'Este é o último e-mail do Ferry. Você pode entrar de novo a qualquer momento para recomeçar.',
  },
  sv: {
    subject: 'Ditt Ferry-konto har raderats',
    done: 'Som du bad om har Ferry raderat ditt konto: din prenumeration är uppsagd, dina länkar fungerar inte längre, antalet nedladdningar, statistiken och e-postmeddelandena som Ferry skickade åt dig är raderade, Ferry har inte längre åtkomst till din Google Drive och du är utloggad överallt.',
    trashed:
      'Dina filer i mappen _ferryuploads har flyttats till papperskorgen i din Drive. Google tömmer papperskorgen efter 30 dagar.',
    kept: 'Dina filer ligger kvar i mappen _ferryuploads i din Google Drive; ingen kan längre öppna dem via Ferry.',
    footer: 'Det här är det sista e-postmeddelandet från Ferry. Du kan logga in igen när som helst för att börja om.',
  },
  pl: {
    subject: 'Twoje konto Ferry zostało usunięte',
    done: 'Zgodnie z prośbą Ferry usunął Twoje konto: subskrypcja jest anulowana, Twoje linki już nie działają, liczniki pobrań, statystyki i e-maile wysłane przez Ferry w Twoim imieniu są usunięte, Ferry nie ma już dostępu do Twojego Dysku Google, a Twoje sesje na wszystkich urządzeniach zostały zakończone.',
    trashed: 'Twoje pliki z folderu _ferryuploads trafiły do kosza na Twoim Dysku. Google opróżnia kosz po 30 dniach.',
    kept: 'Twoje pliki zostają w folderze _ferryuploads na Twoim Dysku Google; nikt nie może ich już otworzyć przez Ferry.',
    footer: 'To ostatni e-mail od Ferry. W każdej chwili możesz zalogować się ponownie i zacząć od nowa.',
  },
  tr: {
    subject: 'Ferry hesabınız silindi',
    done: "İsteğiniz üzerine Ferry hesabınızı sildi: aboneliğiniz iptal edildi, bağlantılarınız artık çalışmıyor, indirme sayılarınız, istatistikleriniz ve Ferry'nin sizin adınıza gönderdiği e-postalar silindi, Ferry artık Google Drive'ınıza erişemiyor ve her yerde çıkış yaptınız.",
    trashed:
      "_ferryuploads klasöründeki dosyalarınız Drive'ınızın çöp kutusuna taşındı. Google çöp kutusunu 30 gün sonra boşaltır.",
    kept: "Dosyalarınız Google Drive'ınızdaki _ferryuploads klasöründe kalıyor; artık kimse onları Ferry üzerinden açamaz.",
    footer:
      "Bu, Ferry'nin size gönderdiği son e-postadır. Yeniden başlamak için istediğiniz zaman tekrar giriş yapabilirsiniz.",
  },
  uk: {
    subject: 'Ваш обліковий запис Ferry видалено',
    done: 'На ваше прохання Ferry видалив ваш обліковий запис: підписку скасовано, ваші посилання більше не працюють, лічильники завантажень, статистику та листи, які Ferry надсилав від вашого імені, видалено, Ferry більше не має доступу до вашого Google Диска, і ви вийшли з усіх пристроїв.',
    trashed: 'Ваші файли з папки _ferryuploads переміщено в кошик вашого Диска. Google очищує кошик через 30 днів.',
    kept: 'Ваші файли залишаються в папці _ferryuploads вашого Google Диска; ніхто більше не може відкрити їх через Ferry.',
    footer: 'Це останній лист від Ferry. Ви можете будь-коли увійти знову, щоб почати спочатку.',
  },
  ja: {
    subject: 'Ferry アカウントを削除しました',
    done: 'ご依頼により、Ferry はあなたのアカウントを削除しました。サブスクリプションは解約され、リンクは使えなくなり、ダウンロード数・統計・Ferry があなたに代わって送ったメールは削除され、Ferry は Google Drive にアクセスできなくなり、すべての端末でログアウトされました。',
    trashed:
      '_ferryuploads フォルダーのファイルは Drive のゴミ箱に移動しました。Google はゴミ箱を 30 日後に空にします。',
    kept: 'ファイルは Google Drive の _ferryuploads フォルダーに残ります。Ferry を通して開くことはもうできません。',
    footer: 'これは Ferry からの最後のメールです。いつでも再びログインして最初から始められます。',
  },
  ar: {
    subject: 'تم حذف حسابك في Ferry',
    done: 'كما طلبت، حذف Ferry حسابك: أُلغي اشتراكك، ولم تعد روابطك تعمل، وحُذفت أعداد التنزيلات والإحصاءات والرسائل التي أرسلها Ferry نيابةً عنك، ولم يعد لـ Ferry وصول إلى Google Drive الخاص بك، وتم تسجيل خروجك من كل مكان.',
    trashed: 'نُقلت ملفاتك في المجلد _ferryuploads إلى سلة المهملات في Drive. تُفرغ Google سلة المهملات بعد 30 يومًا.',
    kept: 'تبقى ملفاتك في المجلد _ferryuploads في Google Drive؛ لم يعد بإمكان أحد فتحها عبر Ferry.',
    footer: 'هذه آخر رسالة يرسلها إليك Ferry. يمكنك تسجيل الدخول مجددًا في أي وقت للبدء من جديد.',
  },
  bn: {
    subject: 'আপনার Ferry অ্যাকাউন্ট মুছে ফেলা হয়েছে',
    done: 'আপনার অনুরোধে Ferry আপনার অ্যাকাউন্ট মুছে ফেলেছে: আপনার সাবস্ক্রিপশন বাতিল হয়েছে, আপনার লিংকগুলো আর কাজ করে না, আপনার ডাউনলোডের সংখ্যা, পরিসংখ্যান এবং Ferry আপনার হয়ে যে ইমেলগুলো পাঠিয়েছিল তা মুছে ফেলা হয়েছে, Ferry-র আর আপনার Google Drive-এ অ্যাক্সেস নেই, এবং সব জায়গা থেকে আপনি সাইন আউট হয়েছেন।',
    trashed: '_ferryuploads ফোল্ডারের আপনার ফাইলগুলো আপনার ড্রাইভের ট্র্যাশে সরানো হয়েছে। Google ৩০ দিন পরে ট্র্যাশ খালি করে।',
    kept: 'আপনার ফাইলগুলো আপনার Google Drive-এর _ferryuploads ফোল্ডারে থাকবে; Ferry দিয়ে আর কেউ সেগুলো খুলতে পারবে না।',
    footer: 'এটি Ferry-র পাঠানো শেষ ইমেল। নতুন করে শুরু করতে যেকোনো সময় আবার সাইন ইন করতে পারেন।',
  },
  he: {
    subject: 'חשבון ה-Ferry שלכם נמחק',
    done: 'כפי שביקשתם, החשבון שלכם ב-Ferry נמחק: המינוי בוטל, הקישורים שלכם כבר לא עובדים, מוני ההורדות, הסטטיסטיקות והודעות הדוא״ל ש-Ferry שלח בשמכם נמחקו, ל-Ferry כבר אין גישה ל-Google Drive שלכם, והתנתקתם מכל מקום.',
    trashed: 'הקבצים שלכם בתיקייה _ferryuploads הועברו לאשפה של ה-Drive. Google מרוקנת את האשפה אחרי 30 יום.',
    kept: 'הקבצים שלכם נשארים בתיקייה _ferryuploads ב-Google Drive שלכם; אף אחד לא יכול לפתוח אותם יותר דרך Ferry.',
    footer: 'זוהי הודעת הדוא״ל האחרונה ש-Ferry שולח לכם. אפשר להתחבר שוב בכל עת כדי להתחיל מחדש.',
  },
  hi: {
    subject: 'आपका Ferry खाता हटा दिया गया',
    done: 'आपके अनुरोध पर Ferry ने आपका खाता हटा दिया है: आपकी सदस्यता रद्द हो गई है, आपके लिंक अब काम नहीं करते, आपकी डाउनलोड गिनती, आँकड़े और Ferry ने आपकी ओर से जो ईमेल भेजे थे वे हटा दिए गए हैं, Ferry के पास अब आपके Google Drive की पहुँच नहीं है, और आप हर जगह से साइन आउट हो गए हैं।',
    trashed: '_ferryuploads फ़ोल्डर की आपकी फ़ाइलें आपके Drive के ट्रैश में भेज दी गई हैं। Google 30 दिन बाद ट्रैश खाली कर देता है।',
    kept: 'आपकी फ़ाइलें आपके Google Drive के _ferryuploads फ़ोल्डर में रहेंगी; अब कोई उन्हें Ferry से नहीं खोल सकता।',
    footer: 'यह Ferry का आपको भेजा गया आख़िरी ईमेल है। नए सिरे से शुरू करने के लिए आप कभी भी फिर से साइन इन कर सकते हैं।',
  },
  id: {
    subject: 'Akun Ferry Anda telah dihapus',
    done: 'Sesuai permintaan Anda, Ferry telah menghapus akun Anda: langganan Anda dibatalkan, tautan Anda tidak lagi berfungsi, jumlah unduhan, statistik, dan email yang dikirim Ferry atas nama Anda telah dihapus, Ferry tidak lagi memiliki akses ke Google Drive Anda, dan Anda telah keluar di semua perangkat.',
    trashed:
      'File Anda di folder _ferryuploads telah dipindahkan ke sampah Drive Anda. Google mengosongkan sampah setelah 30 hari.',
    kept: 'File Anda tetap ada di folder _ferryuploads di Google Drive Anda; tidak ada yang bisa membukanya lagi melalui Ferry.',
    footer: 'Ini adalah email terakhir dari Ferry. Anda dapat masuk lagi kapan saja untuk memulai dari awal.',
  },
};
