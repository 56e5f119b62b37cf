/** This remote's i18next namespace; its strings live in public/locales/{lng}/upload.json. */
export const NAMESPACE = 'upload';
