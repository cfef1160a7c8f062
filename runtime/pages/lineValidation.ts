import type { EntityDefinition, PageDefinition } from '../definitions.js';
import type { RuntimeEnv } from '../env.js';
import type { Row } from '../data/dataProvider.js';
import { buildColumnModels } from '../grid/columns.js';

const blank = (v: unknown) => v === undefined || v === null || v === '';

/** Messages for line grids: minLines of the entity and required columns (validate.required / field required). */
export function validateLines(
  page: PageDefinition,
  entity: EntityDefinition,
  entities: Readonly<Record<string, EntityDefinition>>,
  record: Row,
  env: Pick<RuntimeEnv, 't' | 'language'>,
): string[] {
  const errors: string[] = [];
  for (const lineGrid of page.lines ?? []) {
    const decl = entity.lines?.find((l) => l.name === lineGrid.name);
    const lineEntity = decl ? entities[decl.entity] : undefined;
    const rows = Array.isArray(record[lineGrid.name]) ? (record[lineGrid.name] as Row[]) : [];
    if (decl?.minLines !== undefined && rows.length < decl.minLines) errors.push(env.t('validation.minLines', { count: decl.minLines }));
    if (!lineEntity) continue;
    const models = buildColumnModels(lineGrid.grid, lineEntity, env).filter((m) => m.required && m.column.isEdit !== false);
    rows.forEach((row, i) => {
      for (const m of models) {
        if (blank(row[m.key])) errors.push(`#${i + 1} ${env.t('validation.required', { label: m.title })}`);
      }
    });
  }
  return errors;
}
