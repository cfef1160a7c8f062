// Runtime strings; the app merges them into i18next (decisions.md "Languages").
import type { Language } from '../env.js';
import cn from './cn.json';
import en from './en.json';
import th from './th.json';
import vn from './vn.json';

export type LocaleTree = { [key: string]: string | LocaleTree };

export const runtimeLocales: Record<Language, LocaleTree> = { CN: cn, EN: en, TH: th, VN: vn };

/** Dotted keys of a locale tree (`actions.add`, …), for the completeness tests. */
export function flattenKeys(tree: LocaleTree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [`${prefix}${k}`] : flattenKeys(v, `${prefix}${k}.`)));
}
