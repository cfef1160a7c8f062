// The application's i18next instance: runtime strings (runtime/locales) merged with shell strings
// (src/locales). The runtime's files are globbed so the shell builds before they exist.
import type { Language } from '../../runtime/env';
import { createI18n, type LocaleBundle, type LocaleTree } from '../../runtime/i18n';
import cn from '../locales/cn.json';
import en from '../locales/en.json';
import th from '../locales/th.json';
import vn from '../locales/vn.json';

const FILE_LANGUAGE: Record<string, Language> = { cn: 'CN', en: 'EN', th: 'TH', vn: 'VN' };

function runtimeBundle(): LocaleBundle {
  const files = import.meta.glob<LocaleTree>('/runtime/locales/*.json', { eager: true, import: 'default' });
  const bundle: LocaleBundle = {};
  for (const [path, tree] of Object.entries(files)) {
    const base = path.slice(path.lastIndexOf('/') + 1, -'.json'.length).toLowerCase();
    const language = FILE_LANGUAGE[base];
    if (language) bundle[language] = tree;
  }
  return bundle;
}

export const appBundle: LocaleBundle = { CN: cn, EN: en, TH: th, VN: vn };

/**
 * Each module's `client` section of modules/{area}/messages/{LANG}.json, one bundle per module. Only that
 * named export is imported, so the build leaves the `server` sections (the server's refusals, over half of
 * each file) out of the first chunk.
 */
function moduleBundles(): LocaleBundle[] {
  const files = import.meta.glob<LocaleTree | undefined>('/modules/*/messages/*.json', { eager: true, import: 'client' });
  const byModule = new Map<string, LocaleBundle>();
  for (const [path, client] of Object.entries(files)) {
    const [, , area, , file] = path.split('/');
    const language = FILE_LANGUAGE[file.slice(0, -'.json'.length).toLowerCase()];
    if (!language || !client) continue;
    byModule.set(area, { ...byModule.get(area), [language]: client });
  }
  return [...byModule.values()];
}

export const i18n = createI18n({ bundles: [runtimeBundle(), appBundle, ...moduleBundles()] });

export function currentLanguage(): Language {
  return i18n.language as Language;
}
