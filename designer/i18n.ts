// The designer shares the application's i18next instance (same language choice, same SAAF-Language on
// calls) and adds its own strings (designer/locales) under the `designer.` keys.
import type { Language } from '../runtime/env';
import { i18n } from '../src/app/i18n';
import cn from './locales/cn.json';
import en from './locales/en.json';
import th from './locales/th.json';
import vn from './locales/vn.json';

export const designerBundle: Record<Language, typeof cn> = { CN: cn, EN: en, TH: th, VN: vn };

export function installDesignerStrings(): void {
  for (const [language, tree] of Object.entries(designerBundle)) i18n.addResourceBundle(language, 'translation', tree, true, true);
}

export { i18n };
