export * from './languages.js';
export * from './types.js';
export { ShellProvider, useShell } from './context.js';
export { StandaloneShell, type StandaloneShellProps } from './standalone.js';
export {
  activeLanguage,
  DETECTION_ORDER,
  TRANSLATION_LOADING,
  ferryI18nOptions,
  initFerryI18n,
  LOCALE_VERSIONS_ELEMENT_ID,
  localesLoadPath,
  readLocaleVersions,
  setLocaleVersions,
  setNamespaceLocation,
  syncDocumentLanguage,
  type FerryI18nSettings,
} from './i18n.js';
