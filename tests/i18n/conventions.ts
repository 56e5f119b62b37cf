/**
 * Each language's writing rules, in one table, and the checker that holds a text to them. The
 * convention tests (conventions.test.ts) run the checker over every text of every source kind
 * (text-sources.ts); the glossary beside this file adds each language's fixed terms.
 */
import { sizeUnits, type LanguageCode } from '@ferry/rules';
import type { Text } from './text-sources.js';

/** Letters, marks and the joiners inside a word (so a Devanagari vowel sign does not end a word). */
const IN_WORD = '\\p{L}\\p{M}\\u200C\\u200D';
/** Whole words, in any script: JavaScript's \b only knows ASCII letters. */
const words = (forms: string[], flags = 'u') =>
  new RegExp(`(?<![${IN_WORD}])(?:${forms.join('|')})(?![${IN_WORD}])`, flags);

/** Capitalised forms that are not the first word of a sentence (after . ! ? : or at the start). */
const midSentence = (forms: string[]) =>
  new RegExp(`(?<!(?:^|[.!?:;…*#„“"«(\\n-])\\s*)(?<![${IN_WORD}])(?:${forms.join('|')})(?![${IN_WORD}])`, 'u');

interface LanguageRules {
  /** How the product addresses the reader, and the forms of the other address that must not appear. */
  register: {
    choice: string;
    forbidden: RegExp[];
    /** Forms that are the other address on a screen or in a mail, but may be a third person in a content page. */
    screensOnly?: RegExp[];
  };
  /** The word for signing in and out, and the words that must not stand in for it. */
  signIn: { term: RegExp; not: RegExp };
  /** Byte units after a number, as the size formatter writes them. */
  units: readonly string[];
  /** The apostrophe inside a word ('’', or "'" where the language uses the straight one), or null: not fixed. */
  apostrophe: '’' | "'" | null;
  /** Quotation marks around a quoted label; where they are not the straight ones, a straight " is a slip. */
  quotes: readonly [open: string, close: string];
  /** The digits every number on a page is written in. */
  digits: 'latn' | 'beng';
  /** The product's word for the free 3 months (screens, mails) and the marketing copy's word (spec §1). */
  trial: { trial: RegExp; beta: RegExp };
  /** Words that must not appear at all, with why. */
  forbidden: { pattern: RegExp; why: string }[];
}

export const LANGUAGE_RULES: Record<LanguageCode, LanguageRules> = {
  en: {
    register: { choice: 'you (English has one form)', forbidden: [] },
    signIn: { term: /sign(ed)?[ -]?(in|out)/i, not: /log ?(in|out)|logged/i },
    units: sizeUnits('en'),
    apostrophe: null,
    quotes: ['"', '"'],
    digits: 'latn',
    trial: { trial: /\btrial\b/i, beta: /\bbeta\b/i },
    forbidden: [],
  },
  nl: {
    register: { choice: 'informal «je/jij»', forbidden: [words(['u', 'uw', 'U', 'Uw'])] },
    signIn: { term: /inlog|ingelogd|log .*in|uitlog/i, not: /aanmeld|afmeld/i },
    units: sizeUnits('nl'),
    apostrophe: null,
    quotes: ['“', '”'],
    digits: 'latn',
    trial: { trial: /proefperiode/i, beta: /(?<![\p{L}])b[eè]ta(?:periode)?(?![\p{L}])/iu },
    forbidden: [],
  },
  de: {
    register: {
      choice: 'informal «du»',
      // «Sie»/«Ihr» opening a sentence can be "they"/"it"/"its"; mid-sentence, capitalised, it addresses the reader.
      forbidden: [words(['Ihnen']), midSentence(['Sie', 'Ihr', 'Ihre', 'Ihren', 'Ihrem', 'Ihrer', 'Ihres'])],
      screensOnly: [
        /(?<![\p{L}])(?:Sie|Ihr|Ihre) (?:können|haben|sind|möchten|müssen|sehen|erhalten|finden|Konto|Datei)\b/u,
      ],
    },
    signIn: { term: /anmeld|angemeldet|melde|abmeld/i, not: /einlogg|login|logout/i },
    units: sizeUnits('de'),
    apostrophe: null,
    quotes: ['„', '“'],
    digits: 'latn',
    trial: { trial: /testphase/i, beta: /betaphase/i },
    forbidden: [{ pattern: /-Taste\b/, why: 'a button on screen is a «Schaltfläche», a «Taste» is a key' }],
  },
  fr: {
    register: { choice: 'formal «vous»', forbidden: [words(['tu', 'toi', 'ton', 'ta', 'tes'], 'iu')] },
    signIn: { term: /connect|connexion/i, not: /s’identifi|identifiez-vous|login/i },
    units: sizeUnits('fr'),
    apostrophe: '’',
    quotes: ['«', '»'],
    digits: 'latn',
    trial: { trial: words(['essai', 'l’essai', 'd’essai'], 'iu'), beta: /bêta/i },
    forbidden: [],
  },
  es: {
    register: { choice: 'informal «tú»', forbidden: [words(['usted', 'ustedes'], 'iu')] },
    signIn: { term: /sesión/i, not: /login|loguea/i },
    units: sizeUnits('es'),
    apostrophe: null,
    quotes: ['«', '»'],
    digits: 'latn',
    trial: { trial: /(?<![\p{L}])(?:la|tu|de|una) prueba(?![\p{L}])/iu, beta: /(?<![\p{L}])beta(?![\p{L}])/iu },
    forbidden: [],
  },
  it: {
    register: { choice: 'informal «tu»', forbidden: [words(['Lei', 'Suo', 'Sua', 'Suoi', 'Sue'])] },
    signIn: { term: /accedi|accesso|esci/i, not: /login|logout/i },
    units: sizeUnits('it'),
    apostrophe: '’',
    quotes: ['«', '»'],
    digits: 'latn',
    trial: { trial: /(?<![\p{L}])(?:la|tua|di|della) prova(?![\p{L}])/iu, beta: /(?<![\p{L}])beta(?![\p{L}])/iu },
    forbidden: [{ pattern: /\bemail\b/i, why: '«e-mail» everywhere' }],
  },
  pt: {
    register: { choice: 'Brazilian «você»', forbidden: [words(['sobre si', 'por si', 'lhe', 'convosco'], 'iu')] },
    signIn: { term: /entr|sair/i, not: /login|logout|conectad|iniciar sessão|inicie sessão/i },
    units: sizeUnits('pt'),
    apostrophe: null,
    quotes: ['“', '”'],
    digits: 'latn',
    trial: {
      trial: /(?<![\p{L}])(?:período de teste|seu teste|o teste|do teste)(?![\p{L}])/iu,
      beta: /(?<![\p{L}])beta(?![\p{L}])/iu,
    },
    forbidden: [
      // European Portuguese in the Brazilian product.
      ...[
        'ficheiro',
        'palavra-passe',
        'transferênci',
        'a carregar',
        'telemóvel',
        'ecrã',
        'utilizador',
        'descarreg',
      ].map((word) => ({ pattern: new RegExp(word, 'iu'), why: 'European Portuguese; the product is Brazilian' })),
      { pattern: /(?<![\p{L}])(?:a|da|na|pela|à) Ferry\b/u, why: 'the brand is masculine: «o Ferry»' },
    ],
  },
  sv: {
    register: { choice: 'informal «du»', forbidden: [words(['Ni', 'Er', 'Ert', 'Era'])] },
    signIn: { term: /logga|inloggad|inloggning/i, not: /login|logout/i },
    units: sizeUnits('sv'),
    apostrophe: null,
    quotes: ['”', '”'],
    digits: 'latn',
    trial: { trial: /provperiod/i, beta: /betaperiod/i },
    forbidden: [
      { pattern: /dygn/i, why: 'days are «dagar»' },
      { pattern: /mejl/i, why: '«e-post» everywhere' },
      { pattern: /ladda[rs]? ned/i, why: '«ladda ner»' },
    ],
  },
  pl: {
    register: {
      choice: 'informal «Ty» (capitalised in mails)',
      forbidden: [words(['Pan', 'Pani', 'Państwo', 'Państwa'])],
    },
    signIn: { term: /logow|zaloguj|zalogowan|wyloguj/i, not: /login|logout/i },
    units: sizeUnits('pl'),
    apostrophe: null,
    quotes: ['„', '”'],
    digits: 'latn',
    trial: { trial: /okres\p{L}* próbn/iu, beta: /(?<![\p{L}])beta(?![\p{L}])/iu },
    forbidden: [{ pattern: /Ferry (usunęło|mogło|zrobiło)/, why: 'the brand is masculine' }],
  },
  tr: {
    register: { choice: 'formal «siz»', forbidden: [words(['sen', 'senin', 'sana', 'seni'], 'iu')] },
    signIn: { term: /giriş|çıkış/i, not: /oturum/i },
    units: sizeUnits('tr'),
    apostrophe: "'",
    quotes: ['“', '”'],
    digits: 'latn',
    trial: { trial: /deneme süre/i, beta: /(?<![\p{L}])beta(?![\p{L}])/iu },
    forbidden: [],
  },
  uk: {
    register: {
      choice: 'formal «ви» (lower case)',
      forbidden: [
        words(['ти', 'тебе', 'тобі', 'твій', 'твоя', 'твоє', 'твої']),
        midSentence(['Вам', 'Вас', 'Ваш', 'Вашу', 'Ваша', 'Ваше', 'Ваші', 'Вами', 'Вашого', 'Вашому']),
      ],
    },
    signIn: { term: /увій|вхід|входу|ввійш|вийти/i, not: /логін|залогін/i },
    units: sizeUnits('uk'),
    apostrophe: '’',
    quotes: ['«', '»'],
    digits: 'latn',
    trial: { trial: /пробн/i, beta: /бета/i },
    forbidden: [
      { pattern: words(['план', 'плану', 'плани', 'планів']), why: 'a paid plan is a «тариф» on every screen' },
    ],
  },
  ja: {
    register: { choice: 'polite です/ます', forbidden: [] },
    signIn: { term: /ログイン|ログアウト/, not: /サインイン|サインアウト/ },
    units: sizeUnits('ja'),
    apostrophe: null,
    quotes: ['「', '」'],
    digits: 'latn',
    trial: { trial: /トライアル/, beta: /ベータ/ },
    forbidden: [{ pattern: /ドライブ/, why: 'Google Drive keeps its name' }],
  },
  ar: {
    register: { choice: 'direct singular (أنت), as Arabic interfaces write', forbidden: [] },
    signIn: { term: /الدخول|دخولك|الخروج/, not: /ولوج/ },
    units: sizeUnits('ar'),
    apostrophe: null,
    quotes: ['«', '»'],
    digits: 'latn',
    trial: { trial: /التجريبية/, beta: /البيتا/ },
    forbidden: [],
  },
  bn: {
    register: { choice: 'formal «আপনি»', forbidden: [words(['তুমি', 'তোমার', 'তোমাকে', 'তুই'])] },
    signIn: { term: /সাইন (ইন|আউট)/, not: /লগ (ইন|আউট)/ },
    units: sizeUnits('bn'),
    apostrophe: null,
    quotes: ['“', '”'],
    digits: 'beng',
    trial: { trial: /ট্রায়াল/, beta: /বিটা/ },
    forbidden: [{ pattern: /লিঙ্ক|ইমেইল|ই-মেইল/, why: 'one spelling: লিংক, ইমেল' }],
  },
  he: {
    register: {
      choice: 'gender-neutral plural («שלכם», «נסו»)',
      forbidden: [
        words(['שלך', 'לך', 'אליך', 'איתך', 'אותך', 'עבורך', 'ממך', 'בעצמך', 'בשבילך'].map((w) => `[וש]?${w}`)),
        words(['קיבלת', 'שיתפת', 'התחברת', 'חויבת', 'תשלם', 'תפסיד', 'תחויב', 'יצרת', 'תעשה'].map((w) => `[וש]?${w}`)),
        words(
          [
            'נסה',
            'בחר',
            'עדכן',
            'פנה',
            'טען',
            'הסר',
            'פתח',
            'מחק',
            'התחבר',
            'בדוק',
            'הזן',
            'המתן',
            'לחץ',
            'הקלד',
            'בקש',
            'ודא',
            'השתמש',
          ].map((w) => `ו?${w}`),
        ),
        /[\u05D0-\u05EA]+\/[יה](?![\u05D0-\u05EA])/u,
      ],
    },
    signIn: { term: /התחבר|להתחבר|התנתק|מחובר/, not: /כניסה|להיכנס|יציאה/ },
    units: sizeUnits('he'),
    apostrophe: null,
    quotes: ['„', '”'],
    digits: 'latn',
    trial: { trial: /ניסיון/, beta: /בטא/ },
    forbidden: [
      { pattern: /דוא"ל|מייל/, why: 'e-mail is «דוא״ל»' },
      { pattern: /לחצן/, why: 'a button is «כפתור»' },
    ],
  },
  hi: {
    register: { choice: 'formal «आप»', forbidden: [words(['तुम', 'तू', 'तुम्हारा', 'तुम्हारी', 'तुम्हें', 'तेरा'])] },
    signIn: { term: /साइन (इन|आउट)/, not: /लॉग ?(इन|आउट)|लॉगिन/ },
    units: sizeUnits('hi'),
    apostrophe: null,
    quotes: ['“', '”'],
    digits: 'latn',
    trial: { trial: /ट्रायल/, beta: /बीटा/ },
    forbidden: [
      { pattern: /ड्राइव|सकता हूँ/, why: 'Drive keeps its name; FAQ questions are neutral, not masculine first person' },
    ],
  },
  id: {
    register: { choice: 'formal «Anda»', forbidden: [words(['kamu', 'kau', 'engkau'], 'iu')] },
    signIn: { term: /masuk|keluar/i, not: /login|logout/i },
    units: sizeUnits('id'),
    apostrophe: null,
    quotes: ['“', '”'],
    digits: 'latn',
    trial: { trial: /uji coba/i, beta: /(?<![\p{L}])beta(?![\p{L}])/iu },
    forbidden: [
      { pattern: /\be-mail\b|\bsurel\b/i, why: '«email» everywhere' },
      { pattern: /jatuhkan/i, why: 'drop is «letakkan»' },
    ],
  },
};

/** Byte units any language writes; after a number, only the language's own ones may appear. */
const ANY_UNIT = /(?<=\p{Nd})[\s\u00A0]?(KB|MB|GB|TB|PB|ko|Mo|Go|To|Po|КБ|МБ|ГБ|ТБ|ПБ)(?![\p{L}])/gu;
const DIGIT_SCRIPT: Record<LanguageRules['digits'], RegExp> = { latn: /[0-9]/, beng: /[০-৯]/ };
/** Placeholders ({{count}}) and the e-mail examples are not prose. */
const NOT_PROSE = /\{\{[^}]*\}\}|[\w.+-]+@[\w.-]+/g;

/** Where the product's own voice is: everything but the marketing copy (landing page, FAQ, legal pages). */
const isMarketingCopy = (text: Text) => text.kind === 'content' || text.namespace === 'marketing';

/** Every rule `text` breaks, as readable lines; empty when it keeps them all. */
export function conventionProblems(language: LanguageCode, text: Text): string[] {
  const rules = LANGUAGE_RULES[language];
  const prose = text.text.replace(NOT_PROSE, ' ');
  const problems: string[] = [];
  const fail = (why: string, match: RegExpMatchArray | null) => {
    if (match) problems.push(`${language} ${text.where}: ${why}: «${match[0]}» in «${text.text.slice(0, 120)}»`);
  };
  const register = [
    ...rules.register.forbidden,
    ...(text.kind === 'content' ? [] : (rules.register.screensOnly ?? [])),
  ];
  // A formatter's output has no address, only abbreviations (Dutch «u» is uur).
  if (text.namespace !== 'formatter')
    for (const pattern of register) fail(`not the ${rules.register.choice} address`, prose.match(pattern));
  fail('another sign-in word', prose.match(rules.signIn.not));
  for (const match of prose.matchAll(ANY_UNIT))
    if (!rules.units.includes(match[1]!)) fail(`unit not written as ${rules.units.join('/')}`, match);
  if (rules.apostrophe) {
    const other = rules.apostrophe === '’' ? /\p{L}'\p{L}/u : /\p{L}’\p{L}/u;
    fail(`apostrophe is ${rules.apostrophe}`, prose.match(other));
  }
  if (rules.quotes[0] !== '"') fail(`quotation marks are ${rules.quotes.join('…')}`, prose.match(/"[^"]*"/));
  for (const [script, pattern] of Object.entries(DIGIT_SCRIPT))
    if (script !== rules.digits) fail(`digits are ${rules.digits}`, prose.match(pattern));
  if (isMarketingCopy(text)) fail('the marketing copy says beta period, not trial', prose.match(rules.trial.trial));
  else fail('screens and mails say trial, not beta period', prose.match(rules.trial.beta));
  for (const { pattern, why } of rules.forbidden) fail(why, prose.match(pattern));
  return problems;
}
