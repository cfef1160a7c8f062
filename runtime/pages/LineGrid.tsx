import type { Action, EntityDefinition, PageDefinition } from '../definitions.js';
import { useRuntimeEnv } from '../env.js';
import type { Row } from '../data/dataProvider.js';
import { DataGrid } from '../grid/DataGrid.js';
import { toolbarActions } from '../grid/config.js';
import { TableSettingsButton } from '../grid/TableSettingsPanel.js';
import { MAX_COLUMN_WIDTH } from '../grid/tableSettings.js';
import { useTableSettings } from '../grid/useTableSettings.js';
import { resolveText } from '../text/resolveText.js';
import { ActionBar } from './ActionBar.js';

export type LineDefinition = NonNullable<PageDefinition['lines']>[number];

export interface LineGridProps {
  /** The user's table settings are kept under `page#line` (server/tableConfig/tables.ts). */
  tableName: string;
  line: LineDefinition;
  entity: EntityDefinition;
  entities: Readonly<Record<string, EntityDefinition>>;
  record: Row;
  readOnly: boolean;
  selected: number[];
  onSelectionChange(indexes: number[]): void;
  onRowsChange(rows: Row[]): void;
  onRun(action: Action): Promise<void>;
  /** The user tried to save: empty required cells are marked everywhere. */
  revealProblems?: boolean;
}

/** An editable, unpaged DataGrid over `record[line.name]`; its toolbar conditions read the header record. */
export function LineGrid({
  tableName,
  line,
  entity,
  entities,
  record,
  readOnly,
  selected,
  onSelectionChange,
  onRowsChange,
  onRun,
  revealProblems,
}: LineGridProps) {
  const env = useRuntimeEnv();
  const tableSettings = useTableSettings(tableName, line.grid);
  const name = line.grid.name ?? line.name;
  const decl = entity.lines?.find((l) => l.name === line.name);
  const lineEntity = decl ? entities[decl.entity] : undefined;
  if (!decl || !lineEntity) throw new Error(`Line grid "${line.name}": entity "${entity.name}" declares no such line with a known entity`);
  const rows = Array.isArray(record[line.name]) ? (record[line.name] as Row[]) : [];
  return (
    <section className="srm-line-grid" data-line={line.name} style={{ marginTop: 16 }}>
      <div style={{ display: 'flex', alignItems: 'center', gap: 12, marginBottom: 8 }}>
        <h3 style={{ fontSize: 15, fontWeight: 600, margin: 0 }}>{resolveText(line.title ?? decl.label, env, line.name)}</h3>
        {!readOnly && (
          <ActionBar
            actions={toolbarActions(line.grid)}
            record={record}
            selectionCount={selected.length}
            onRun={onRun}
            testIdPrefix={`line-${line.name}-action`}
          />
        )}
        <div style={{ marginLeft: 'auto' }}>
          <TableSettingsButton name={name} settings={tableSettings} columns={line.grid.columns} entity={lineEntity} />
        </div>
      </div>
      <DataGrid
        name={name}
        grid={tableSettings.grid}
        entity={lineEntity}
        entities={entities}
        rows={rows}
        selected={selected}
        onSelectionChange={onSelectionChange}
        onRowsChange={onRowsChange}
        readOnly={readOnly}
        revealProblems={revealProblems}
        onColumnWidthChange={(key, width) =>
          void tableSettings.save(tableSettings.settings.map((c) => (c.key === key ? { ...c, width: Math.min(width, MAX_COLUMN_WIDTH) } : c)))
        }
      />
    </section>
  );
}
