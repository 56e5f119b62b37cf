/** This remote's i18next namespace; its strings live in public/locales/{lng}/download.json. */
export const NAMESPACE = 'download';
