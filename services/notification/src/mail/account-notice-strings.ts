import type { MailLanguage } from './i18n.js';

/** The trial reminders Ferry's billing service asks for. */
export type AccountNoticeType = 'trial-ends-in-7-days' | 'trial-ends-in-1-day' | 'trial-ended';

/** The words of the trial-reminder mails, per language; `date` is the trial's end, already formatted. */
export interface AccountNoticeStrings {
  subject: Record<AccountNoticeType, string>;
  body: Record<AccountNoticeType, (date: string) => string>;
  /** What stays allowed after the trial (every mail says it). */
  keep: string;
  choosePlan: string;
  footer: string;
}

export const accountNoticeStrings: Record<MailLanguage, AccountNoticeStrings> = {
  en: {
    subject: {
      'trial-ends-in-7-days': 'Your Ferry trial ends in 7 days',
      'trial-ends-in-1-day': 'Your Ferry trial ends tomorrow',
      'trial-ended': 'Your Ferry trial has ended',
    },
    body: {
      'trial-ends-in-7-days': (d) =>
        `Your free trial of Ferry ends on ${d}. Choose a plan on your account page to keep sending files after that.`,
      'trial-ends-in-1-day': (d) =>
        `Your free trial of Ferry ends tomorrow, ${d}. Choose a plan on your account page to keep sending files.`,
      'trial-ended': (d) =>
        `Your free trial of Ferry ended on ${d}. Choose a plan on your account page to send new files again.`,
    },
    keep: 'Links you already made keep working until they expire, and you can still extend or delete them.',
    choosePlan: 'Choose a plan',
    footer: 'You get this mail because you started a free trial of Ferry.',
  },
  nl: {
    subject: {
      'trial-ends-in-7-days': 'Je proefperiode van Ferry eindigt over 7 dagen',
      'trial-ends-in-1-day': 'Je proefperiode van Ferry eindigt morgen',
      'trial-ended': 'Je proefperiode van Ferry is afgelopen',
    },
    body: {
      'trial-ends-in-7-days': (d) =>
        `Je gratis proefperiode van Ferry eindigt op ${d}. Kies een abonnement op je accountpagina om daarna bestanden te blijven versturen.`,
      'trial-ends-in-1-day': (d) =>
        `Je gratis proefperiode van Ferry eindigt morgen, ${d}. Kies een abonnement op je accountpagina om bestanden te blijven versturen.`,
      'trial-ended': (d) =>
        `Je gratis proefperiode van Ferry is op ${d} afgelopen. Kies een abonnement op je accountpagina om weer nieuwe bestanden te versturen.`,
    },
    keep: 'Links die je al hebt gemaakt blijven werken tot ze verlopen, en je kunt ze nog steeds verlengen of verwijderen.',
    choosePlan: 'Kies een abonnement',
    footer: 'Je krijgt deze e-mail omdat je een gratis proefperiode van Ferry bent begonnen.',
  },
  de: {
    subject: {
      'trial-ends-in-7-days': 'Deine Ferry-Testphase endet in 7 Tagen',
      'trial-ends-in-1-day': 'Deine Ferry-Testphase endet morgen',
      'trial-ended': 'Deine Ferry-Testphase ist beendet',
    },
    body: {
      'trial-ends-in-7-days': (d) =>
        `Deine kostenlose Testphase von Ferry endet am ${d}. Wähle auf deiner Kontoseite einen Tarif, um danach weiter Dateien zu senden.`,
      'trial-ends-in-1-day': (d) =>
        `Deine kostenlose Testphase von Ferry endet morgen, am ${d}. Wähle auf deiner Kontoseite einen Tarif, um weiter Dateien zu senden.`,
      'trial-ended': (d) =>
        `Deine kostenlose Testphase von Ferry ist am ${d} abgelaufen. Wähle auf deiner Kontoseite einen Tarif, um wieder neue Dateien zu senden.`,
    },
    keep: 'Links, die du schon erstellt hast, funktionieren weiter, bis sie ablaufen, und du kannst sie weiterhin verlängern oder löschen.',
    choosePlan: 'Tarif wählen',
    footer: 'Du erhältst diese E-Mail, weil du eine kostenlose Testphase von Ferry begonnen hast.',
  },
  fr: {
    subject: {
      'trial-ends-in-7-days': 'Votre essai de Ferry se termine dans 7 jours',
      'trial-ends-in-1-day': 'Votre essai de Ferry se termine demain',
      'trial-ended': 'Votre essai de Ferry est terminé',
    },
    body: {
      'trial-ends-in-7-days': (d) =>
        `Votre essai gratuit de Ferry se termine le ${d}. Choisissez une formule sur la page de votre compte pour continuer à envoyer des fichiers ensuite.`,
      'trial-ends-in-1-day': (d) =>
        `Votre essai gratuit de Ferry se termine demain, le ${d}. Choisissez une formule sur la page de votre compte pour continuer à envoyer des fichiers.`,
      'trial-ended': (d) =>
        `Votre essai gratuit de Ferry s’est terminé le ${d}. Choisissez une formule sur la page de votre compte pour envoyer de nouveau des fichiers.`,
    },
    keep: 'Les liens déjà créés restent valables jusqu’à leur expiration, et vous pouvez toujours les prolonger ou les supprimer.',
    choosePlan: 'Choisir une formule',
    footer: 'Vous recevez cet e-mail parce que vous avez commencé un essai gratuit de Ferry.',
  },
  es: {
    subject: {
      'trial-ends-in-7-days': 'Tu prueba de Ferry termina en 7 días',
      'trial-ends-in-1-day': 'Tu prueba de Ferry termina mañana',
      'trial-ended': 'Tu prueba de Ferry ha terminado',
    },
    body: {
      'trial-ends-in-7-days': (d) =>
        `Tu prueba gratuita de Ferry termina el ${d}. Elige un plan en la página de tu cuenta para seguir enviando archivos después.`,
      'trial-ends-in-1-day': (d) =>
        `Tu prueba gratuita de Ferry termina mañana, ${d}. Elige un plan en la página de tu cuenta para seguir enviando archivos.`,
      'trial-ended': (d) =>
        `Tu prueba gratuita de Ferry terminó el ${d}. Elige un plan en la página de tu cuenta para volver a enviar archivos nuevos.`,
    },
    keep: 'Los enlaces que ya creaste siguen funcionando hasta que caduquen, y aún puedes ampliarlos o eliminarlos.',
    choosePlan: 'Elegir un plan',
    footer: 'Recibes este correo porque empezaste una prueba gratuita de Ferry.',
  },
  it: {
    subject: {
      'trial-ends-in-7-days': 'La tua prova di Ferry termina tra 7 giorni',
      'trial-ends-in-1-day': 'La tua prova di Ferry termina domani',
      'trial-ended': 'La tua prova di Ferry è terminata',
    },
    body: {
      'trial-ends-in-7-days': (d) =>
        `La tua prova gratuita di Ferry termina il ${d}. Scegli un piano nella pagina del tuo account per continuare a inviare file in seguito.`,
      'trial-ends-in-1-day': (d) =>
        `La tua prova gratuita di Ferry termina domani, ${d}. Scegli un piano nella pagina del tuo account per continuare a inviare file.`,
      'trial-ended': (d) =>
        `La tua prova gratuita di Ferry è terminata il ${d}. Scegli un piano nella pagina del tuo account per inviare di nuovo nuovi file.`,
    },
    keep: 'I link che hai già creato continuano a funzionare fino alla scadenza, e puoi ancora prolungarli o eliminarli.',
    choosePlan: 'Scegli un piano',
    footer: 'Ricevi questa e-mail perché hai iniziato una prova gratuita di Ferry.',
  },
  pt: {
    subject: {
      'trial-ends-in-7-days': 'Seu teste do Ferry termina em 7 dias',
      'trial-ends-in-1-day': 'Seu teste do Ferry termina amanhã',
      'trial-ended': 'Seu teste do Ferry terminou',
    },
    body: {
      'trial-ends-in-7-days': (d) =>
        `Seu teste gratuito do Ferry termina em ${d}. Escolha um plano na página da sua conta para continuar enviando arquivos depois disso.`,
      'trial-ends-in-1-day': (d) =>
        `Seu teste gratuito do Ferry termina amanhã, ${d}. Escolha um plano na página da sua conta para continuar enviando arquivos.`,
      'trial-ended': (d) =>
        `Seu teste gratuito do Ferry terminou em ${d}. Escolha um plano na página da sua conta para enviar novos arquivos outra vez.`,
    },
    keep: 'Os links que você já criou continuam funcionando até expirarem, e você ainda pode prorrogá-los ou excluí-los.',
    choosePlan: 'Escolher um plano',
    footer: 'Você recebe este e-mail porque começou um teste gratuito do Ferry.',
  },
  sv: {
    subject: {
      'trial-ends-in-7-days': 'Din provperiod för Ferry slutar om 7 dagar',
      'trial-ends-in-1-day': 'Din provperiod för Ferry slutar i morgon',
      'trial-ended': 'Din provperiod för Ferry har tagit slut',
    },
    body: {
      'trial-ends-in-7-days': (d) =>
        `Din kostnadsfria provperiod för Ferry slutar den ${d}. Välj en plan på din kontosida för att fortsätta skicka filer efter det.`,
      'trial-ends-in-1-day': (d) =>
        `Din kostnadsfria provperiod för Ferry slutar i morgon, ${d}. Välj en plan på din kontosida för att fortsätta skicka filer.`,
      'trial-ended': (d) =>
        `Din kostnadsfria provperiod för Ferry tog slut den ${d}. Välj en plan på din kontosida för att skicka nya filer igen.`,
    },
    keep: 'Länkar du redan har skapat fungerar tills de går ut, och du kan fortfarande förlänga eller ta bort dem.',
    choosePlan: 'Välj en plan',
    footer: 'Du får det här e-postmeddelandet eftersom du har startat en kostnadsfri provperiod för Ferry.',
  },
  pl: {
    subject: {
      'trial-ends-in-7-days': 'Twój okres próbny Ferry kończy się za 7 dni',
      'trial-ends-in-1-day': 'Twój okres próbny Ferry kończy się jutro',
      'trial-ended': 'Twój okres próbny Ferry dobiegł końca',
    },
    body: {
      'trial-ends-in-7-days': (d) =>
        `Twój bezpłatny okres próbny Ferry kończy się ${d}. Wybierz plan na stronie konta, aby potem nadal wysyłać pliki.`,
      'trial-ends-in-1-day': (d) =>
        `Twój bezpłatny okres próbny Ferry kończy się jutro, ${d}. Wybierz plan na stronie konta, aby nadal wysyłać pliki.`,
      'trial-ended': (d) =>
        `Twój bezpłatny okres próbny Ferry zakończył się ${d}. Wybierz plan na stronie konta, aby znowu wysyłać nowe pliki.`,
    },
    keep: 'Utworzone już linki działają aż do wygaśnięcia i nadal możesz je przedłużać lub usuwać.',
    choosePlan: 'Wybierz plan',
    footer: 'Otrzymujesz tę wiadomość, ponieważ dla Twojego konta rozpoczął się bezpłatny okres próbny Ferry.',
  },
  tr: {
    subject: {
      'trial-ends-in-7-days': 'Ferry deneme süreniz 7 gün içinde bitiyor',
      'trial-ends-in-1-day': 'Ferry deneme süreniz yarın bitiyor',
      'trial-ended': 'Ferry deneme süreniz sona erdi',
    },
    body: {
      'trial-ends-in-7-days': (d) =>
        `Ferry ücretsiz deneme süreniz ${d} tarihinde bitiyor. Sonrasında dosya göndermeye devam etmek için hesap sayfanızdan bir plan seçin.`,
      'trial-ends-in-1-day': (d) =>
        `Ferry ücretsiz deneme süreniz yarın, ${d} tarihinde bitiyor. Dosya göndermeye devam etmek için hesap sayfanızdan bir plan seçin.`,
      'trial-ended': (d) =>
        `Ferry ücretsiz deneme süreniz ${d} tarihinde sona erdi. Yeniden yeni dosyalar göndermek için hesap sayfanızdan bir plan seçin.`,
    },
    keep: 'Oluşturduğunuz bağlantılar süreleri dolana kadar çalışmaya devam eder; bunları yine de uzatabilir veya silebilirsiniz.',
    choosePlan: 'Plan seçin',
    footer: "Bu e-postayı Ferry'nin ücretsiz deneme süresini başlattığınız için alıyorsunuz.",
  },
  uk: {
    subject: {
      'trial-ends-in-7-days': 'Ваш пробний період Ferry закінчується через 7 днів',
      'trial-ends-in-1-day': 'Ваш пробний період Ferry закінчується завтра',
      'trial-ended': 'Ваш пробний період Ferry завершився',
    },
    body: {
      'trial-ends-in-7-days': (d) =>
        `Ваш безкоштовний пробний період Ferry закінчується ${d}. Виберіть тариф на сторінці облікового запису, щоб і далі надсилати файли.`,
      'trial-ends-in-1-day': (d) =>
        `Ваш безкоштовний пробний період Ferry закінчується завтра, ${d}. Виберіть тариф на сторінці облікового запису, щоб і далі надсилати файли.`,
      'trial-ended': (d) =>
        `Ваш безкоштовний пробний період Ferry завершився ${d}. Виберіть тариф на сторінці облікового запису, щоб знову надсилати нові файли.`,
    },
    keep: 'Посилання, які ви вже створили, працюють до завершення їхнього строку, і ви й надалі можете їх подовжити або видалити.',
    choosePlan: 'Вибрати тариф',
    footer: 'Ви отримали цей лист, бо розпочали безкоштовний пробний період Ferry.',
  },
  ja: {
    subject: {
      'trial-ends-in-7-days': 'Ferry の無料トライアルはあと 7 日で終了します',
      'trial-ends-in-1-day': 'Ferry の無料トライアルは明日終了します',
      'trial-ended': 'Ferry の無料トライアルが終了しました',
    },
    body: {
      'trial-ends-in-7-days': (d) =>
        `Ferry の無料トライアルは ${d} に終了します。その後もファイルを送るには、アカウントページでプランを選んでください。`,
      'trial-ends-in-1-day': (d) =>
        `Ferry の無料トライアルは明日（${d}）終了します。引き続きファイルを送るには、アカウントページでプランを選んでください。`,
      'trial-ended': (d) =>
        `Ferry の無料トライアルは ${d} に終了しました。新しいファイルをまた送るには、アカウントページでプランを選んでください。`,
    },
    keep: '作成済みのリンクは有効期限まで使えます。延長や削除も引き続きできます。',
    choosePlan: 'プランを選ぶ',
    footer: 'このメールは、Ferry の無料トライアルを開始された方にお送りしています。',
  },
  ar: {
    subject: {
      'trial-ends-in-7-days': 'تنتهي الفترة التجريبية لـ Ferry بعد 7 أيام',
      'trial-ends-in-1-day': 'تنتهي الفترة التجريبية لـ Ferry غدًا',
      'trial-ended': 'انتهت الفترة التجريبية لـ Ferry',
    },
    body: {
      'trial-ends-in-7-days': (d) =>
        `تنتهي الفترة التجريبية المجانية لـ Ferry في ${d}. اختر خطة من صفحة حسابك لتواصل إرسال الملفات بعد ذلك.`,
      'trial-ends-in-1-day': (d) =>
        `تنتهي الفترة التجريبية المجانية لـ Ferry غدًا، ${d}. اختر خطة من صفحة حسابك لتواصل إرسال الملفات.`,
      'trial-ended': (d) =>
        `انتهت الفترة التجريبية المجانية لـ Ferry في ${d}. اختر خطة من صفحة حسابك لترسل ملفات جديدة من جديد.`,
    },
    keep: 'تظل الروابط التي أنشأتها تعمل حتى انتهاء صلاحيتها، ويمكنك تمديدها أو حذفها.',
    choosePlan: 'اختر خطة',
    footer: 'تصلك هذه الرسالة لأنك بدأت الفترة التجريبية المجانية لـ Ferry.',
  },
  bn: {
    subject: {
      'trial-ends-in-7-days': 'আপনার Ferry ট্রায়াল ৭ দিনের মধ্যে শেষ হবে',
      'trial-ends-in-1-day': 'আপনার Ferry ট্রায়াল আগামীকাল শেষ হবে',
      'trial-ended': 'আপনার Ferry ট্রায়াল শেষ হয়েছে',
    },
    body: {
      'trial-ends-in-7-days': (d) =>
        `Ferry-র আপনার বিনামূল্যের ট্রায়াল ${d} তারিখে শেষ হবে। এরপরও ফাইল পাঠাতে আপনার অ্যাকাউন্ট পেজে একটি প্ল্যান বেছে নিন।`,
      'trial-ends-in-1-day': (d) =>
        `Ferry-র আপনার বিনামূল্যের ট্রায়াল আগামীকাল, ${d} তারিখে শেষ হবে। ফাইল পাঠানো চালিয়ে যেতে আপনার অ্যাকাউন্ট পেজে একটি প্ল্যান বেছে নিন।`,
      'trial-ended': (d) =>
        `Ferry-র আপনার বিনামূল্যের ট্রায়াল ${d} তারিখে শেষ হয়েছে। আবার নতুন ফাইল পাঠাতে আপনার অ্যাকাউন্ট পেজে একটি প্ল্যান বেছে নিন।`,
    },
    keep: 'আপনার তৈরি করা লিংকগুলো মেয়াদ শেষ না হওয়া পর্যন্ত কাজ করবে, এবং আপনি এখনও সেগুলোর মেয়াদ বাড়াতে বা মুছে ফেলতে পারবেন।',
    choosePlan: 'প্ল্যান বেছে নিন',
    footer: 'আপনি Ferry-র বিনামূল্যের ট্রায়াল শুরু করেছেন বলে এই ইমেলটি পাচ্ছেন।',
  },
  he: {
    subject: {
      'trial-ends-in-7-days': 'תקופת הניסיון שלכם ב-Ferry מסתיימת בעוד 7 ימים',
      'trial-ends-in-1-day': 'תקופת הניסיון שלכם ב-Ferry מסתיימת מחר',
      'trial-ended': 'תקופת הניסיון שלכם ב-Ferry הסתיימה',
    },
    body: {
      'trial-ends-in-7-days': (d) =>
        `תקופת הניסיון החינמית שלכם ב-Ferry מסתיימת ב-${d}. כדי להמשיך לשלוח קבצים אחרי כן, יש לבחור תוכנית בדף החשבון שלכם.`,
      'trial-ends-in-1-day': (d) =>
        `תקופת הניסיון החינמית שלכם ב-Ferry מסתיימת מחר, ${d}. כדי להמשיך לשלוח קבצים, יש לבחור תוכנית בדף החשבון שלכם.`,
      'trial-ended': (d) =>
        `תקופת הניסיון החינמית שלכם ב-Ferry הסתיימה ב-${d}. כדי לשלוח שוב קבצים חדשים, יש לבחור תוכנית בדף החשבון שלכם.`,
    },
    keep: 'קישורים שכבר יצרתם ממשיכים לעבוד עד שתוקפם יפוג, ועדיין אפשר להאריך או למחוק אותם.',
    choosePlan: 'בחירת תוכנית',
    footer: 'הודעה זו נשלחה אליכם כי התחלתם תקופת ניסיון חינמית ב-Ferry.',
  },
  hi: {
    subject: {
      'trial-ends-in-7-days': 'आपका Ferry ट्रायल 7 दिनों में खत्म हो रहा है',
      'trial-ends-in-1-day': 'आपका Ferry ट्रायल कल खत्म हो रहा है',
      'trial-ended': 'आपका Ferry ट्रायल खत्म हो गया है',
    },
    body: {
      'trial-ends-in-7-days': (d) =>
        `Ferry का आपका मुफ़्त ट्रायल ${d} को खत्म हो रहा है। उसके बाद भी फ़ाइलें भेजते रहने के लिए अपने खाता पेज पर कोई प्लान चुनें।`,
      'trial-ends-in-1-day': (d) =>
        `Ferry का आपका मुफ़्त ट्रायल कल, ${d} को खत्म हो रहा है। फ़ाइलें भेजते रहने के लिए अपने खाता पेज पर कोई प्लान चुनें।`,
      'trial-ended': (d) =>
        `Ferry का आपका मुफ़्त ट्रायल ${d} को खत्म हो गया। फिर से नई फ़ाइलें भेजने के लिए अपने खाता पेज पर कोई प्लान चुनें।`,
    },
    keep: 'आपके बनाए लिंक अपनी समय-सीमा तक काम करते रहेंगे, और आप अब भी उन्हें बढ़ा या मिटा सकते हैं।',
    choosePlan: 'प्लान चुनें',
    footer: 'आपको यह ईमेल इसलिए मिला है क्योंकि आपने Ferry का मुफ़्त ट्रायल शुरू किया था।',
  },
  id: {
    subject: {
      'trial-ends-in-7-days': 'Masa uji coba Ferry Anda berakhir dalam 7 hari',
      'trial-ends-in-1-day': 'Masa uji coba Ferry Anda berakhir besok',
      'trial-ended': 'Masa uji coba Ferry Anda telah berakhir',
    },
    body: {
      'trial-ends-in-7-days': (d) =>
        `Masa uji coba gratis Ferry Anda berakhir pada ${d}. Pilih paket di halaman akun Anda agar tetap bisa mengirim file setelah itu.`,
      'trial-ends-in-1-day': (d) =>
        `Masa uji coba gratis Ferry Anda berakhir besok, ${d}. Pilih paket di halaman akun Anda agar tetap bisa mengirim file.`,
      'trial-ended': (d) =>
        `Masa uji coba gratis Ferry Anda berakhir pada ${d}. Pilih paket di halaman akun Anda untuk mengirim file baru lagi.`,
    },
    keep: 'Tautan yang sudah Anda buat tetap berfungsi sampai kedaluwarsa, dan Anda masih bisa memperpanjang atau menghapusnya.',
    choosePlan: 'Pilih paket',
    footer: 'Anda menerima email ini karena memulai uji coba gratis Ferry.',
  },
};
