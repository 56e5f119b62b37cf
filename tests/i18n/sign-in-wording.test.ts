/**
 * One sign-in term per language across every screen and mail: the shell's header, the account and
 * upload screens, the landing page and the clean-up mail all name signing in (and out) with the same
 * word, never one screen "log in" and the next "sign in". Every other text is held to the same word
 * by conventions.test.ts.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LANGUAGE_RULES } from './conventions.js';

const repo = fileURLToPath(new URL('../../', import.meta.url));

/** The word each language uses for signing in and out, and the words it must not mix in: the language table. */
const TERMS = Object.fromEntries(Object.entries(LANGUAGE_RULES).map(([language, rules]) => [language, rules.signIn]));

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
