import type { MailLanguage } from './i18n.js';

/** One word's forms by CLDR plural category; `other` is required and stands in for any category left out. */
export type PluralForms = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };

const rules = new Map<MailLanguage, Intl.PluralRules>();

/** The form of a word that goes with `n` in `lang`, chosen by Intl.PluralRules (zero, one, two, few, many, other). */
export function plural(lang: MailLanguage, n: number, forms: PluralForms): string {
  let r = rules.get(lang);
  if (!r) {
    r = new Intl.PluralRules(lang);
    rules.set(lang, r);
  }
  return forms[r.select(n)] ?? forms.other;
}

/** `n` with the word's form for it, e.g. counted('en')(2, { one: 'day', other: 'days' }) is '2 days'. */
export function counted(lang: MailLanguage): (n: number, forms: PluralForms) => string {
  return (n, forms) => `${n} ${plural(lang, n, forms)}`;
}
