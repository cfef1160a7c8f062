// Search box for a reference field (`search[].widget: "reference"`): pick a record of the target family.
import { Select } from '@arco-design/web-react';
import type { EntityDefinition } from '../definitions.js';
import { useRuntimeEnv } from '../env.js';
import { useReferenceOptions } from '../grid/useReferenceOptions.js';

export function ReferenceSearch({
  target,
  value,
  onChange,
  testId,
}: {
  target: EntityDefinition | undefined;
  value: unknown;
  onChange(v: unknown): void;
  testId: string;
}) {
  const env = useRuntimeEnv();
  const { options, search, loading } = useReferenceOptions(target);
  return (
    <Select
      data-testid={testId}
      allowClear
      showSearch
      filterOption={false}
      loading={loading}
      placeholder={env.t('placeholder.search')}
      value={value === undefined || value === null || value === '' ? undefined : (value as string | number)}
      onSearch={search}
      options={options}
      onChange={(v: string | number | undefined) => onChange(v)}
    />
  );
}
