// A grid whose definition cannot be drawn as written says so above itself, one line per problem, with
// the column's title where the problem is a column's (configErrors.ts finds them).
import { Alert } from '@arco-design/web-react';
import { useRuntimeEnv } from '../env.js';
import type { ColumnModel } from './columns.js';
import type { configErrors } from './configErrors.js';

export function GridConfigErrors({ name, errors, models }: { name: string; errors: ReturnType<typeof configErrors>; models: readonly ColumnModel[] }) {
  const env = useRuntimeEnv();
  if (errors.length === 0) return null;
  return (
    <Alert
      type="error"
      style={{ marginBottom: 8 }}
      data-testid={`grid-errors-${name}`}
      content={errors.map((e) => (
        <div key={`${e.key}-${e.column ?? ''}`}>{`${e.column ? `${models.find((m) => m.key === e.column)?.title ?? e.column}: ` : ''}${env.t(e.key)}`}</div>
      ))}
    />
  );
}
