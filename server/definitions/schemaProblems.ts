// A definition's format errors as a designer reads them: one message per problem, saying where in words
// ("表格 › 第 2 列「materialName」› 标题") and what is wrong ("四种语言都必须填写，缺少：ไทย").
// Ajv reports a text's problem three times (the string branch of the oneOf, the object branch's field,
// the oneOf itself) and names places by JSON path; both are for developers, not for designers.
import type { ErrorObject } from 'ajv';
import { message, type Language } from '../i18n/messages.js';
import { schemaDetail } from './schemaDetail.js';

export interface DefinitionProblem {
  path: string;
  message: string;
}

const LANGS = ['CN', 'EN', 'TH', 'VN'] as const;
const isLang = (s: string): s is (typeof LANGS)[number] => (LANGS as readonly string[]).includes(s);
// Properties whose value is a visible text (srm:meta/text): an i18next key or all four languages.
const TEXT_PROPS = new Set(['title', 'label', 'placeholder', 'confirm', 'tooltip', 'subTitle', 'description']);

const segmentsOf = (path: string) => path.split('/').filter(Boolean);
const under = (path: string, parent: string) => path.startsWith(`${parent}/`);

function valueAt(root: unknown, segments: readonly string[]): unknown {
  let v = root;
  for (const s of segments) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<string, unknown>)[s];
  }
  return v;
}

/** The place of a JSON path in words: page › grid › column 2 "materialName" › title. */
export function placeOf(path: string, content: unknown, lang: Language): string {
  const segments = segmentsOf(path);
  const words: string[] = [message(lang, 'place.page')];
  for (let i = 0; i < segments.length; i++) {
    const s = segments[i];
    const next = segments[i + 1];
    const list = ITEM_LISTS[s];
    if (list && next !== undefined && /^\d+$/.test(next)) {
      const item = valueAt(content, segments.slice(0, i + 2)) as Record<string, unknown> | undefined;
      const name = list.nameKeys.map((k) => item?.[k]).find((v) => typeof v === 'string' && v !== '') as string | undefined;
      words.push(message(lang, name ? list.named : list.unnamed, { n: Number(next) + 1, name: name ?? '' }));
      i++;
    } else if (PLACE_WORDS.has(s)) words.push(message(lang, `place.${s}`));
    else if (!isLang(s)) words.push(s);
  }
  return words.join(' › ');
}

const ITEM_LISTS: Record<string, { named: string; unnamed: string; nameKeys: string[] }> = {
  columns: { named: 'place.columnNamed', unnamed: 'place.column', nameKeys: ['key'] },
  children: { named: 'place.columnNamed', unnamed: 'place.column', nameKeys: ['key'] },
  toolbar: { named: 'place.toolbarNamed', unnamed: 'place.toolbarItem', nameKeys: ['name'] },
  rowActions: { named: 'place.rowActionNamed', unnamed: 'place.rowAction', nameKeys: ['name'] },
  actions: { named: 'place.actionNamed', unnamed: 'place.action', nameKeys: ['name'] },
  search: { named: 'place.searchNamed', unnamed: 'place.searchItem', nameKeys: ['field'] },
  fields: { named: 'place.fieldNamed', unnamed: 'place.field', nameKeys: ['field'] },
  lines: { named: 'place.lineNamed', unnamed: 'place.line', nameKeys: ['name'] },
  widgets: { named: 'place.widgetNamed', unnamed: 'place.widget', nameKeys: ['name'] },
};
const PLACE_WORDS = new Set(['grid', 'form', 'title', 'label', 'placeholder', 'confirm', 'tooltip', 'name', 'entity', 'width', 'key', 'editPage', 'listPage']);

const languageNames = (langs: readonly string[], lang: Language) => langs.map((l) => message(lang, `language.${l}`)).join(', ');

/** Texts with a language missing or blank: one problem each, wherever Ajv reported it. */
function textProblems(errors: readonly ErrorObject[], content: unknown): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const note = (path: string) => {
    const value = valueAt(content, segmentsOf(path));
    if (value === undefined) return out.set(path, [...LANGS]);
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return;
    const text = value as Record<string, unknown>;
    if (!LANGS.some((l) => l in text)) return;
    out.set(
      path,
      LANGS.filter((l) => typeof text[l] !== 'string' || (text[l] as string).trim() === ''),
    );
  };
  for (const e of errors) {
    const last = segmentsOf(e.instancePath).pop() ?? '';
    if (e.keyword === 'required' && TEXT_PROPS.has(String((e.params as { missingProperty?: string }).missingProperty)))
      note(`${e.instancePath}/${String((e.params as { missingProperty: string }).missingProperty)}`);
    else if (e.keyword === 'required' && isLang(String((e.params as { missingProperty?: string }).missingProperty))) note(e.instancePath);
    else if (isLang(last)) note(e.instancePath.slice(0, -(last.length + 1)));
    else if (TEXT_PROPS.has(last) && (e.keyword === 'oneOf' || e.keyword === 'type' || e.keyword === 'pattern')) note(e.instancePath);
  }
  for (const [path, missing] of out) if (missing.length === 0) out.delete(path);
  return out;
}

export function schemaProblems(errors: readonly ErrorObject[], content: unknown, lang: Language): DefinitionProblem[] {
  const texts = textProblems(errors, content);
  const problems: DefinitionProblem[] = [...texts].map(([path, missing]) => ({
    path,
    message: message(lang, 'definition.problemAt', {
      where: placeOf(path, content, lang),
      detail:
        missing.length === LANGS.length
          ? message(lang, 'definition.textRequired')
          : message(lang, 'definition.textAllLanguages', { missing: languageNames(missing, lang) }),
    }),
  }));
  const seen = new Set(problems.map((p) => p.message));
  for (const e of errors) {
    const path = e.instancePath || '';
    if ([...texts.keys()].some((t) => path === t || under(path, t))) continue;
    if (e.keyword === 'required' && TEXT_PROPS.has(String((e.params as { missingProperty?: string }).missingProperty))) continue;
    // A branch that did not match, when a deeper error says what is wrong inside it.
    const branch = e.keyword === 'oneOf' || e.keyword === 'anyOf' || /\/(oneOf|anyOf)\//.test(e.schemaPath);
    if (branch && errors.some((o) => o !== e && under(o.instancePath, path) && !/\/(oneOf|anyOf)\//.test(o.schemaPath))) continue;
    const missing = e.keyword === 'required' ? String((e.params as { missingProperty?: string }).missingProperty) : undefined;
    const where = placeOf(missing ? `${path}/${missing}` : path, content, lang);
    const detail = missing ? message(lang, 'definition.valueRequired') : schemaDetail(e, lang);
    const text = message(lang, 'definition.problemAt', { where, detail });
    if (seen.has(text)) continue;
    seen.add(text);
    problems.push({ path: missing ? `${path}/${missing}` : path || '/', message: text });
  }
  return problems;
}
