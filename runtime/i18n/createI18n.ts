// One i18next instance for runtime and application strings. Language codes are the contract's own
// (CN, EN, TH, VN) so the value sent as SAAF-Language and i18next's language are the same string.
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Language } from '../env';
import { LANGUAGE_TAGS, LANGUAGES, readStoredLanguage, storeLanguage } from './languages';

export interface LocaleTree {
  [key: string]: string | LocaleTree;
}

/** Per-language string trees; later bundles override earlier ones key by key. */
export type LocaleBundle = Partial<Record<Language, LocaleTree>>;

export function mergeTrees(target: LocaleTree, source: LocaleTree): LocaleTree {
  const out: LocaleTree = { ...target };
  for (const [key, value] of Object.entries(source)) {
    const existing = out[key];
    out[key] = typeof value === 'object' && typeof existing === 'object' ? mergeTrees(existing, value) : value;
  }
  return out;
}

export function mergeBundles(bundles: readonly LocaleBundle[]): Record<Language, LocaleTree> {
  const merged = { CN: {}, EN: {}, TH: {}, VN: {} } as Record<Language, LocaleTree>;
  for (const bundle of bundles) {
    for (const language of LANGUAGES) {
      const tree = bundle[language];
      if (tree) merged[language] = mergeTrees(merged[language], tree);
    }
  }
  return merged;
}

export interface CreateI18nOptions {
  bundles: readonly LocaleBundle[];
  language?: Language;
}

export function createI18n(options: CreateI18nOptions): I18n {
  const merged = mergeBundles(options.bundles);
  const instance = i18next.createInstance();
  const resources = Object.fromEntries(LANGUAGES.map((language) => [language, { translation: merged[language] }]));
  void instance.use(initReactI18next).init({
    resources,
    lng: options.language ?? readStoredLanguage(),
    fallbackLng: 'EN',
    supportedLngs: [...LANGUAGES],
    // Codes like "CN" are not BCP 47: stop i18next from lower-casing or splitting them.
    load: 'currentOnly',
    lowerCaseLng: false,
    nonExplicitSupportedLngs: false,
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
  });
  return instance;
}

/** Switches, remembers and announces the language; listeners (lookup caches, menus) react to the event. */
export async function setLanguage(instance: I18n, language: Language): Promise<void> {
  storeLanguage(language);
  if (typeof document !== 'undefined') document.documentElement.lang = LANGUAGE_TAGS[language];
  await instance.changeLanguage(language);
}
