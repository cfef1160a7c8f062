import { Button, DatePicker, Grid, Input, InputNumber, Select, Space } from '@arco-design/web-react';
import type { EntityDefinition, Field, PageDefinition } from '../definitions.js';
import { useRuntimeEnv } from '../env.js';
import { enabledValues } from '../data/lookupCache.js';
import { useLookups } from '../data/useLookups.js';
import { fieldLabel, findField } from '../text/resolveText.js';
import { ReferenceSearch } from './ReferenceSearch.js';

export type SearchField = NonNullable<PageDefinition['search']>[number];
export type SearchValues = Record<string, unknown>;

/** `requestDateFrom` / `requestDateTo` search the range field `requestDate`. */
export function baseFieldOf(entity: EntityDefinition, name: string): { name: string; field: Field | undefined } {
  const direct = findField(entity, name);
  if (direct) return { name, field: direct };
  const m = /^(.*)(From|To)$/.exec(name);
  if (m && findField(entity, m[1])) return { name: m[1], field: findField(entity, m[1]) };
  return { name, field: undefined };
}

export function searchWidget(entity: EntityDefinition, s: SearchField): { widget: 'text' | 'lookup' | 'date' | 'number' | 'reference'; lookup?: string } {
  const { field } = baseFieldOf(entity, s.field);
  const lookup = s.lookup ?? field?.lookup;
  if (s.widget) return { widget: s.widget, lookup };
  if (lookup) return { widget: 'lookup', lookup };
  if (field?.type === 'date' || field?.type === 'datetime') return { widget: 'date' };
  if (field?.type === 'integer' || field?.type === 'decimal') return { widget: 'number' };
  return { widget: 'text' };
}

export interface SearchFormProps {
  page: PageDefinition;
  entity: EntityDefinition;
  values: SearchValues;
  onChange(values: SearchValues): void;
  onSearch(): void;
  onReset(): void;
  /** Every entity by name, for `reference` search widgets. */
  entities?: Readonly<Record<string, EntityDefinition>>;
}

export function SearchForm({ page, entity, values, onChange, onSearch, onReset, entities }: SearchFormProps) {
  const env = useRuntimeEnv();
  const fields = page.search ?? [];
  const specs = fields.map((s) => ({ s, ...searchWidget(entity, s) }));
  const lookups = useLookups(specs.map((x) => x.lookup).filter((x): x is string => x !== undefined));
  if (fields.length === 0) return null;
  const set = (name: string, v: unknown) => onChange({ ...values, [name]: v });
  return (
    <form
      className="srm-search-form"
      onSubmit={(e) => {
        e.preventDefault();
        onSearch();
      }}
      style={{ marginBottom: 12 }}
    >
      <Grid.Row gutter={16}>
        {specs.map(({ s, widget, lookup }) => {
          const base = baseFieldOf(entity, s.field);
          const label = fieldLabel(entity, base.name, env, s.label);
          const v = values[s.field];
          const testId = `search-${s.field}`;
          let control;
          if (widget === 'reference') {
            const target = base.field?.references ? entities?.[base.field.references] : undefined;
            control = <ReferenceSearch target={target} value={v} onChange={(x) => set(s.field, x)} testId={testId} />;
          } else if (widget === 'lookup') {
            control = (
              <Select
                data-testid={testId}
                allowClear
                placeholder={env.t('placeholder.select')}
                value={v === undefined || v === null ? undefined : String(v)}
                onChange={(x: string | undefined) => set(s.field, x)}
                options={enabledValues(lookups[lookup ?? '']).map((o) => ({ label: o.meaning, value: o.lookupCode }))}
              />
            );
          } else if (widget === 'date') {
            control = (
              <DatePicker
                style={{ width: '100%' }}
                inputProps={{ 'data-testid': testId } as Record<string, string>}
                placeholder={env.t('placeholder.date')}
                value={typeof v === 'string' && v ? v : undefined}
                onChange={(d: string | undefined) => set(s.field, d || undefined)}
              />
            );
          } else if (widget === 'number') {
            control = (
              <InputNumber data-testid={testId} style={{ width: '100%' }} value={typeof v === 'number' ? v : undefined} onChange={(x) => set(s.field, x)} />
            );
          } else {
            control = (
              <Input
                data-testid={testId}
                allowClear
                placeholder={env.t('placeholder.input')}
                value={typeof v === 'string' ? v : ''}
                onChange={(x) => set(s.field, x)}
                onPressEnter={onSearch}
              />
            );
          }
          return (
            <Grid.Col key={s.field} xs={24} sm={12} md={8} lg={6} style={{ marginBottom: 12 }}>
              <label style={{ display: 'block', fontSize: 13, color: '#4e5969', marginBottom: 4 }}>{label}</label>
              {control}
            </Grid.Col>
          );
        })}
        <Grid.Col xs={24} sm={12} md={8} lg={6} style={{ marginBottom: 12, display: 'flex', alignItems: 'flex-end' }}>
          <Space>
            <Button type="primary" htmlType="submit" data-testid="search-submit">
              {env.t('actions.search')}
            </Button>
            <Button data-testid="search-reset" onClick={onReset}>
              {env.t('actions.reset')}
            </Button>
          </Space>
        </Grid.Col>
      </Grid.Row>
    </form>
  );
}
