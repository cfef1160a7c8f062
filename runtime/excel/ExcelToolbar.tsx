// The Excel buttons of a list page's toolbar, each shown when the grid asks for it and the user
// holds its resource (btnExport / btnImport on the route's menu); the server checks the same.
import type { EntityDefinition, Grid } from '../definitions.js';
import { useRuntimeEnv } from '../env.js';
import type { ListState } from './api.js';
import { ExportButton } from './ExportButton.js';
import { ImportButton } from './ImportDialog.js';

export interface ExcelToolbarProps {
  grid: Grid;
  entity: EntityDefinition;
  pageName: string;
  list: ListState;
  reload(): void;
}

export function ExcelToolbar({ grid, entity, pageName, list, reload }: ExcelToolbarProps) {
  const env = useRuntimeEnv();
  const canExport = grid.isShowExport === true && env.can('btnExport');
  const canImport = grid.isShowImport === true && env.can('btnImport') && env.upload !== undefined;
  if (!canExport && !canImport) return null;
  return (
    <span style={{ display: 'inline-flex', gap: 8 }} className="srm-excel-toolbar">
      {canExport && <ExportButton grid={grid} entity={entity} list={list} />}
      {canImport && <ImportButton entity={entity} pageName={pageName} onImported={reload} />}
    </span>
  );
}
