export { createI18n, mergeBundles, mergeTrees, setLanguage } from './createI18n';
export type { CreateI18nOptions, LocaleBundle, LocaleTree } from './createI18n';
export { DEFAULT_LANGUAGE, LANGUAGES, LANGUAGE_NAMES, LANGUAGE_STORAGE_KEY, LANGUAGE_TAGS, isLanguage, readStoredLanguage, storeLanguage } from './languages';
