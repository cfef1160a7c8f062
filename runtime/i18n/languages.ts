// The four product languages and where the user's choice is kept between visits.
import type { Language } from '../env';

export const LANGUAGES: readonly Language[] = ['CN', 'EN', 'TH', 'VN'];
export const DEFAULT_LANGUAGE: Language = 'CN';
export const LANGUAGE_STORAGE_KEY = 'srm.language';

/** Each language labelled in itself, so a user who cannot read the current one still finds theirs. */
export const LANGUAGE_NAMES: Readonly<Record<Language, string>> = {
  CN: '中文',
  EN: 'English',
  TH: 'ไทย',
  VN: 'Tiếng Việt',
};

/** BCP 47 tags for <html lang>, which also lets the browser pick CJK/Thai glyphs correctly. */
export const LANGUAGE_TAGS: Readonly<Record<Language, string>> = {
  CN: 'zh-CN',
  EN: 'en',
  TH: 'th',
  VN: 'vi',
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

function safeStorage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    // Storage can throw (privacy mode, sandboxed frames); the default language still works.
    return undefined;
  }
}

export function readStoredLanguage(storage: Storage | undefined = safeStorage()): Language {
  const stored = storage?.getItem(LANGUAGE_STORAGE_KEY);
  return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
}

export function storeLanguage(language: Language, storage: Storage | undefined = safeStorage()): void {
  storage?.setItem(LANGUAGE_STORAGE_KEY, language);
}
