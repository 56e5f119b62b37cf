/** This remote's i18next namespace; its strings live in public/locales/{lng}/account.json. */
export const NAMESPACE = 'account';
