// Template text: placeholders `{{name}}`, the typed values a message fills them with, and sanitising.
// Message texts are plain text on every channel (the inbox shows them as text, e-mail goes as text/plain,
// SMS is text), so sanitising removes markup: script, style and embedding elements with their content,
// then every other tag (its text kept). Values are inserted as given; they are never markup either.
import { refuse } from '../../../server/errors.js';
import { escapeHtml } from '../../../server/files/sanitizeHtml.js';

export type VariableType = 'STRING' | 'NUMBER' | 'DATE' | 'DATETIME';
type Language = 'CN' | 'EN' | 'TH' | 'VN';
const LANGUAGE_KEYS: readonly string[] = ['CN', 'EN', 'TH', 'VN'];
export const VARIABLE_TYPES: readonly VariableType[] = ['STRING', 'NUMBER', 'DATE', 'DATETIME'];

export interface TemplateVariable {
  name: string;
  type: VariableType;
  required: boolean;
}

/** A text value per language (a status, a category's name): each recipient gets theirs, else CN's, else any. */
export type LocalizedValue = Readonly<Partial<Record<Language, string>>>;
export type VariableValue = string | number | null | LocalizedValue;

/** `{CN?, EN?, TH?, VN?}` with at least one text and nothing else. */
function isLocalized(value: unknown): value is LocalizedValue {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const entries = Object.entries(value);
  return entries.length > 0 && entries.every(([k, v]) => LANGUAGE_KEYS.includes(k) && typeof v === 'string' && v.length <= MAX_VALUE);
}

/** `{{ name }}`; what stands between the braces is checked against the declared names. */
const PLACEHOLDER = /\{\{\s*([^{}]*?)\s*\}\}/g;
export const VARIABLE_NAME = /^[A-Za-z][A-Za-z0-9_]{0,59}$/;
const MAX_VALUE = 2000;

/** The placeholder names of a text, in order of appearance, each once. */
export function placeholders(text: string): string[] {
  return [...new Set([...text.matchAll(PLACEHOLDER)].map((m) => m[1]))];
}

const EMBEDDING = '(?:script|style|iframe|object|embed|template|noscript|svg|math)';
const ELEMENT = new RegExp(`<\\s*(${EMBEDDING})\\b[^>]*>[\\s\\S]*?<\\s*/\\s*\\1\\s*>`, 'gi');
const UNCLOSED = new RegExp(`<\\s*${EMBEDDING}\\b[\\s\\S]*$`, 'i');
const TAG = /<\/?\s*[A-Za-z!?][^<>]*>/g;

/** Plain text: no script (nor any other element) survives; the text between tags does. */
export function sanitizeText(text: string): string {
  let out = text;
  // Nested or repeated tricks (`<scr<script></script>ipt>`) are undone by repeating until nothing changes.
  for (let i = 0; i < 5; i++) {
    const next = out.replace(ELEMENT, '').replace(UNCLOSED, '').replace(TAG, '');
    if (next === out) break;
    out = next;
  }
  return out;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATETIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2})?$/;

function validDate(text: string): boolean {
  const d = new Date(`${text.slice(0, 10)}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === text.slice(0, 10);
}

/** Whether `value` is of `type` (a number for NUMBER, `yyyy-MM-dd` for DATE, `yyyy-MM-dd HH:mm[:ss]` for DATETIME). */
export function valueFits(type: VariableType, value: unknown): boolean {
  switch (type) {
    case 'NUMBER':
      return typeof value === 'number' && Number.isFinite(value);
    case 'DATE':
      return typeof value === 'string' && DATE.test(value) && validDate(value);
    case 'DATETIME':
      return typeof value === 'string' && DATETIME.test(value) && validDate(value);
    default:
      return (typeof value === 'string' && value.length <= MAX_VALUE) || (typeof value === 'number' && Number.isFinite(value)) || isLocalized(value);
  }
}

/**
 * The values a message gives its template, checked: every name declared, of its type, the required ones
 * present. A refusal names the variable, so an unknown or missing one is never sent as a blank.
 */
export function checkValues(templateCode: string, declared: readonly TemplateVariable[], values: unknown): Record<string, VariableValue> {
  if (values === undefined || values === null) values = {};
  if (typeof values !== 'object' || Array.isArray(values)) throw refuse('msg.badVariables', { template: templateCode });
  const byName = new Map(declared.map((v) => [v.name, v]));
  const out: Record<string, VariableValue> = {};
  for (const [name, value] of Object.entries(values as Record<string, unknown>)) {
    const v = byName.get(name);
    if (!v) throw refuse('msg.undeclaredValue', { template: templateCode, name: name.slice(0, 60), declared: [...byName.keys()].join(', ') || '-' });
    if (value === null || value === undefined || value === '') continue;
    if (!valueFits(v.type, value)) throw refuse('msg.badValue', { template: templateCode, name, type: v.type });
    out[name] = value as VariableValue;
  }
  for (const v of declared) if (v.required && !(v.name in out)) throw refuse('msg.missingValue', { template: templateCode, name: v.name });
  return out;
}

/** A value as text in `language`: a per-language value's own text there, else CN's, else its first. */
function valueText(v: VariableValue | undefined, language: string): string {
  if (v === null || v === undefined) return '';
  if (typeof v !== 'object') return String(v);
  return v[language as Language] ?? v.CN ?? Object.values(v)[0] ?? '';
}

/**
 * The text with each placeholder replaced by its value in `language` (an optional variable without one:
 * empty). `html`: the values are escaped (an HTML e-mail body), so a value never adds markup.
 */
export function render(text: string, values: Readonly<Record<string, VariableValue>>, html = false, language = 'CN'): string {
  return text.replace(PLACEHOLDER, (_, name: string) => {
    const s = valueText(values[name], language);
    return html ? escapeHtml(s) : s;
  });
}

/** An e-mail text with markup is an HTML body (sanitised on save, sent with a plain-text alternative). */
export const isHtml = (text: string) => /<[a-zA-Z][^<>]*>/.test(text);

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' };

/** The plain-text alternative of an HTML body: blocks and breaks become line breaks, tags go, entities are read. */
export function htmlToText(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|li|h[1-6]|tr|table|ul|ol)>/gi, '\n')
    .replace(/<li[^>]*>/gi, '- ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, e: string) => ENTITIES[e])
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
