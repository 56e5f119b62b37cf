/**
 * One sign-in term per language across every screen and mail: the shell's header, the account and
 * upload screens, the landing page and the clean-up mail all name signing in (and out) with the same
 * word, never one screen "log in" and the next "sign in".
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const repo = fileURLToPath(new URL('../../', import.meta.url));

/** The word each language uses for signing in and out, and the words it must not mix in. */
const TERMS: Record<string, { term: RegExp; not: RegExp }> = {
  en: { term: /sign(ed)?[ -]?(in|out)/i, not: /log ?(in|out)|logged/i },
  nl: { term: /inlog|ingelogd|log .*in|uitlog/i, not: /aanmeld|afmeld/i },
  de: { term: /anmeld|angemeldet|melde|abmeld/i, not: /einlogg|login|logout/i },
  fr: { term: /connect|connexion/i, not: /identifi|login/i },
  es: { term: /sesión/i, not: /login|acceder/i },
  it: { term: /accedi|accesso|esci/i, not: /login|logout/i },
  pt: { term: /entr|sair/i, not: /login|logout|conectad/i },
  sv: { term: /logga|inloggad|inloggning/i, not: /login|logout/i },
  pl: { term: /logow|zaloguj|zalogowan|wyloguj/i, not: /login|logout/i },
  tr: { term: /giriş|çıkış/i, not: /oturum/i },
  uk: { term: /увій|вхід|входу|ввійш|вийти/i, not: /логін|залогін/i },
  ja: { term: /ログイン|ログアウト/, not: /サインイン|サインアウト/ },
  ar: { term: /الدخول|دخولك|الخروج/, not: /ولوج/ },
  bn: { term: /সাইন (ইন|আউট)/, not: /লগ (ইন|আউট)/ },
  he: { term: /התחבר|להתחבר|התנתק|מחובר/, not: /כניסה|להיכנס|יציאה/ },
  hi: { term: /साइन (इन|आउट)/, not: /लॉग/ },
  id: { term: /masuk|keluar/i, not: /login|logout/i },
};

type Tree = { [key: string]: string | Tree };
const json = (path: string) => JSON.parse(readFileSync(`${repo}${path}`, 'utf8')) as Tree;
const at = (tree: Tree, key: string) =>
  key.split('.').reduce<string | Tree>((node, part) => (node as Tree)[part]!, tree) as string;

/** The clean-up mail's button, read from its source (one object per language). */
function mailSignIn(language: string): string {
  const source = readFileSync(`${repo}services/notification/src/mail/cleanup-strings.ts`, 'utf8');
  const block = source.slice(source.indexOf(`\n  ${language}: {`));
  return /signIn: (['"])(.*?)\1/.exec(block)![2]!;
}

function signInTexts(language: string): Record<string, string> {
  const shell = json(`shell/public/locales/${language}/shell.json`);
  const account = json(`mfe-account/public/locales/${language}/account.json`);
  const upload = json(`mfe-upload/public/locales/${language}/upload.json`);
  const marketing = json(`mfe-marketing/public/locales/${language}/marketing.json`);
  return {
    'shell nav.login': at(shell, 'nav.login'),
    'shell nav.logout': at(shell, 'nav.logout'),
    'account signedInAs': at(account, 'signedInAs'),
    'account notLoggedIn': at(account, 'notLoggedIn'),
    'account signIn': at(account, 'signIn'),
    'upload drop.waiting': at(upload, 'drop.waiting'),
    'upload relogin.waiting': at(upload, 'relogin.waiting'),
    'upload relogin.button': at(upload, 'relogin.button'),
    'marketing hero.signInPending': at(marketing, 'hero.signInPending'),
    'clean-up mail signIn': mailSignIn(language),
  };
}

describe('sign-in wording', () => {
  it.each(Object.keys(TERMS))('%s names signing in with one term on every screen and in the mail', (language) => {
    const { term, not } = TERMS[language]!;
    for (const [where, text] of Object.entries(signInTexts(language))) {
      expect(text, `${language} ${where}`).toMatch(term);
      expect(text, `${language} ${where}`).not.toMatch(not);
    }
  });

  it('says "Sign in" and "Sign out" in the English header', () => {
    const shell = json('shell/public/locales/en/shell.json');
    expect([at(shell, 'nav.login'), at(shell, 'nav.logout')]).toEqual(['Sign in', 'Sign out']);
  });
});
