// The columns of an export: each names a field of the entity (or a reference's {field}Display), gets
// its title in the request's language and the cell format of SPEC §9.
import { field as fieldOf, type EntityDefinition, type Field } from '../../meta/definitions.js';
import type { AppContext } from '../context.js';
import { refuse } from '../errors.js';
import type { Language } from '../i18n/messages.js';
import { fieldLabel } from '../rest/labels.js';
import type { DbRecord } from '../rest/actionContext.js';

export interface RequestedColumn {
  key?: unknown;
  title?: unknown;
  lookup?: { typeCode?: unknown };
  precision?: unknown;
  width?: unknown;
  showThousandSeparator?: unknown;
}

export type ColumnKind = 'text' | 'number' | 'lookup';

export interface ExportColumn {
  key: string;
  /** The record property read (a reference field reads its `{field}Display`). */
  source: string;
  title: string;
  kind: ColumnKind;
  lookupType?: string;
  /** Excel number format (thousands separators, decimals) for numbers. */
  numFmt?: string;
  width: number;
}

const AUDIT_TITLES: Record<string, Record<Language, string>> = {
  creationDate: { CN: '创建时间', EN: 'Created at', TH: 'สร้างเมื่อ', VN: 'Ngày tạo' },
  createdBy: { CN: '创建人', EN: 'Created by', TH: 'ผู้สร้าง', VN: 'Người tạo' },
  lastUpdateDate: { CN: '最后更新时间', EN: 'Last updated', TH: 'อัปเดตล่าสุด', VN: 'Cập nhật lần cuối' },
  lastUpdatedBy: { CN: '最后更新人', EN: 'Last updated by', TH: 'ผู้อัปเดตล่าสุด', VN: 'Người cập nhật' },
  versionNum: { CN: '版本号', EN: 'Version', TH: 'เวอร์ชัน', VN: 'Phiên bản' },
};

export function columnTitle(entity: EntityDefinition, key: string, lang: Language): string {
  return Object.hasOwn(AUDIT_TITLES, key) ? AUDIT_TITLES[key][lang] : fieldLabel(entity, key, lang);
}

function numberFormat(f: Field, precision: unknown, thousands: boolean): string {
  const scale =
    typeof precision === 'number' && Number.isInteger(precision) && precision >= 0 && precision <= 10 ? precision : f.type === 'decimal' ? (f.scale ?? 2) : 0;
  const whole = thousands ? '#,##0' : '0';
  return scale > 0 ? `${whole}.${'0'.repeat(scale)}` : whole;
}

function titleOf(raw: unknown, fallback: string, lang: Language): string {
  if (typeof raw === 'string' && raw.trim() && !/^[a-z]+(\.[A-Za-z0-9_]+)+$/.test(raw)) return raw.trim().slice(0, 200);
  if (raw && typeof raw === 'object' && typeof (raw as Record<string, unknown>)[lang] === 'string')
    return String((raw as Record<string, unknown>)[lang]).slice(0, 200);
  return fallback;
}

export function resolveColumns(app: AppContext, entity: EntityDefinition, requested: RequestedColumn[], lang: Language): ExportColumn[] {
  if (requested.length > 200) throw refuse('excel.tooManyColumns');
  return requested.map((c) => {
    const key = typeof c?.key === 'string' ? c.key : '';
    const display = /Display$/.test(key) ? key.slice(0, -'Display'.length) : null;
    const name = display ?? key;
    const f = fieldOf(entity, name);
    if (!f || f.serverOnly || (display && !f.references)) throw refuse('excel.unknownColumn', { column: key.slice(0, 80) || '?' });
    const title = titleOf(c.title, columnTitle(entity, name, lang), lang);
    const width = typeof c.width === 'number' && c.width > 0 ? Math.min(Math.round(c.width / 7), 80) : 18;
    const target = f.references ? app.defs.entities.get(f.references) : undefined;
    if (target?.display) return { key, source: `${name}Display`, title, kind: 'text', width };
    const lookupType = typeof c.lookup?.typeCode === 'string' ? c.lookup.typeCode : f.lookup;
    if (lookupType) return { key, source: name, title, kind: 'lookup', lookupType, width };
    if (f.type === 'integer' || f.type === 'decimal' || f.type === 'id') {
      const thousands = f.type !== 'id' && c.showThousandSeparator !== false && name !== 'versionNum' && !/By$/.test(name);
      return { key, source: name, title, kind: 'number', numFmt: numberFormat(f, c.precision, thousands), width };
    }
    return { key, source: name, title, kind: 'text', width };
  });
}

/** Text Excel would run as a formula (= + - @, tab, CR at the start) gets a leading apostrophe. */
export function neutralise(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/** The cell value of one record for one column: numbers stay numbers, lookups show their meaning. */
export function cellValue(col: ExportColumn, record: DbRecord, meanings: Map<string, Map<string, string>>): string | number | null {
  const v = record[col.source];
  if (v === null || v === undefined || v === '') return null;
  if (col.kind === 'number') {
    const n = typeof v === 'number' ? v : Number(v);
    return Number.isFinite(n) ? n : neutralise(String(v));
  }
  if (col.kind === 'lookup') return neutralise(meanings.get(col.lookupType!)?.get(String(v)) ?? String(v));
  return neutralise(String(v));
}

/** Meaning by code for every lookup type the columns use, in the request's language. */
export async function lookupMeanings(app: AppContext, columns: ExportColumn[], lang: Language): Promise<Map<string, Map<string, string>>> {
  const out = new Map<string, Map<string, string>>();
  for (const c of columns) {
    if (c.kind !== 'lookup' || out.has(c.lookupType!)) continue;
    const values = await app.lookups.findDic(c.lookupType!, lang);
    out.set(c.lookupType!, new Map(values.map((v) => [v.lookupCode, v.meaning])));
  }
  return out;
}
