// The editor of a type cell with `optionsFrom`: the choices are records a declared read operation of a family
// answers (which ones, and for whom, is the server's to decide: a supplier gets its own certificates), not the
// column's static `options`. The value written is the picked record's `valueKey`; the list shows its `labelKey`
// and `descriptionKeys` (a number, a date) so the user picks what it means, not what it remembers; `allowNew`
// lets a value not yet among them be typed (a certificate type the supplier does not hold yet).
import { useEffect, useState } from 'react';
import { Select } from '@arco-design/web-react';
import type { Column, EntityDefinition } from '../definitions.js';
import { useRuntimeEnv } from '../env.js';
import { familyPath } from '../data/dataProvider.js';

export type OptionsFrom = NonNullable<Column['optionsFrom']>;

export interface RemoteChoice {
  value: string;
  label: string;
  description: string;
}

const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));

/** The answer's records as choices: value, label (default the value), the description keys joined. */
export function remoteChoices(rows: unknown, from: OptionsFrom): RemoteChoice[] {
  if (!Array.isArray(rows)) return [];
  const seen = new Set<string>();
  const out: RemoteChoice[] = [];
  for (const r of rows as Record<string, unknown>[]) {
    const value = text(r?.[from.valueKey]);
    if (!value || seen.has(value)) continue;
    seen.add(value);
    const label = text(r[from.labelKey ?? from.valueKey]) || value;
    const description = (from.descriptionKeys ?? [])
      .map((k) => text(r[k]))
      .filter(Boolean)
      .join(' · ');
    out.push({ value, label, description });
  }
  return out;
}

export interface RemoteOptionsProps {
  from: OptionsFrom;
  entity: EntityDefinition | undefined;
  value: unknown;
  placeholder: string;
  getPopupContainer(node: HTMLElement): Element;
  onPick(value: string | null, label: string): void;
}

export function RemoteOptions({ from, entity, value, placeholder, getPopupContainer, onPick }: RemoteOptionsProps) {
  const env = useRuntimeEnv();
  const [choices, setChoices] = useState<RemoteChoice[] | null>(null);
  useEffect(() => {
    if (!entity) return undefined;
    let live = true;
    env
      .api<unknown[]>(familyPath(entity, from.operation), {})
      .then((a) => live && setChoices(remoteChoices(a.data, from)))
      .catch((e: unknown) => {
        if (!live) return;
        setChoices([]);
        env.notify('error', e instanceof Error && e.message ? e.message : env.t('messages.loadFailed'));
      });
    return () => {
      live = false;
    };
  }, [env, entity, from]);
  return (
    <Select
      size="small"
      defaultPopupVisible
      allowClear
      showSearch
      allowCreate={from.allowNew === true}
      // As wide as the choices need (a number and a date beside each), however narrow the column.
      triggerProps={{ autoAlignPopupWidth: false, autoAlignPopupMinWidth: true }}
      loading={choices === null}
      placeholder={placeholder}
      defaultValue={value === null || value === undefined || value === '' ? undefined : String(value)}
      getPopupContainer={getPopupContainer}
      filterOption={(input, option) => {
        const props = (option as { props?: { value?: unknown; extra?: string } }).props;
        return `${text(props?.value)} ${props?.extra ?? ''}`.toLowerCase().includes(input.toLowerCase());
      }}
      onChange={(v: string | undefined) => onPick(v ?? null, choices?.find((c) => c.value === v)?.label ?? v ?? '')}
    >
      {(choices ?? []).map((c) => (
        <Select.Option key={c.value} value={c.value} extra={c.description}>
          <span>{c.label}</span>
          {c.description && <span style={{ color: '#86909c', marginLeft: 8, fontSize: 12 }}>{c.description}</span>}
        </Select.Option>
      ))}
    </Select>
  );
}
