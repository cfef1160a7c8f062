// Toolbar "导出 / Export" of a list grid (grid.isShowExport, resource btnExport): a click runs the
// configured mode; its menu offers the current page, all rows and a background export.
import { cloneElement, isValidElement, useState, type ReactElement } from 'react';
import { Dropdown, Menu } from '@arco-design/web-react';
import type { EntityDefinition, Grid } from '../definitions.js';
import { ApiError, useRuntimeEnv } from '../env.js';
import { saveBlob } from '../attachments/api.js';
import { EXCEL_ENDPOINTS, exportRequest, type ExportMode, type ListState } from './api.js';

export interface ExportButtonProps {
  grid: Grid;
  entity: EntityDefinition;
  list: ListState;
}

const MENU: ExportMode[] = ['paged', 'all', 'background'];

export function ExportButton({ grid, entity, list }: ExportButtonProps) {
  const env = useRuntimeEnv();
  const [busy, setBusy] = useState(false);
  const run = async (mode: ExportMode) => {
    const body = exportRequest(mode, grid, entity, env, list);
    setBusy(true);
    try {
      if (mode === 'background') {
        const answer = await env.api<{ jobId: number }>(EXCEL_ENDPOINTS.exportExcel, body);
        env.notify('success', answer.msg || env.t('excel.backgroundSubmitted'));
        return;
      }
      if (!env.download) throw new Error(env.t('excel.unavailable'));
      const file = await env.download(EXCEL_ENDPOINTS.exportExcel, { body });
      saveBlob(file.blob, file.fileName ?? `${String(body.fileName)}.xlsx`);
    } catch (e) {
      env.notify('error', e instanceof ApiError || e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  const droplist = (
    <Menu onClickMenuItem={(key) => void run(key as ExportMode)}>
      {MENU.map((m) => (
        <Menu.Item key={m} data-testid={`excel-export-${m}`}>
          {env.t(`excel.mode.${m}`)}
        </Menu.Item>
      ))}
    </Menu>
  );
  return (
    <span data-testid="excel-export">
      <Dropdown.Button
        disabled={busy}
        buttonProps={{ loading: busy }}
        droplist={droplist}
        onClick={() => void run(grid.export?.mode ?? 'all')}
        // The menu's trigger is an icon only: it gets a name (axe: button-name).
        buttonsRender={([main, more]) => [
          main,
          isValidElement(more) ? cloneElement(more as ReactElement<{ 'aria-label'?: string }>, { 'aria-label': env.t('excel.moreModes') }) : more,
        ]}
      >
        {env.t('excel.export')}
      </Dropdown.Button>
    </span>
  );
}
