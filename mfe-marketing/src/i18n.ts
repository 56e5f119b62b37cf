/** This remote's i18next namespace; its strings live in public/locales/{lng}/marketing.json. */
export const NAMESPACE = 'marketing';
