// Toolbar "导入 / Import" of a list grid (grid.isShowImport, resource btnImport): download the
// template, upload a filled one with progress, see the per-row result; when rows are wrong nothing
// was saved and the error report can be downloaded.
import { useRef, useState } from 'react';
import { Button, Modal, Progress, Space } from '@arco-design/web-react';
import type { EntityDefinition } from '../definitions.js';
import { ApiError, useRuntimeEnv } from '../env.js';
import { saveBlob } from '../attachments/api.js';
import { EXCEL_ENDPOINTS } from './api.js';

interface ImportAnswer {
  total: number;
  saved: number;
  errorCount: number;
  reportFileId: number | null;
  rows: { row: number; errors: string[] }[];
}

export interface ImportDialogProps {
  entity: EntityDefinition;
  pageName: string;
  onImported(): void;
}

export function ImportButton({ entity, pageName, onImported }: ImportDialogProps) {
  const env = useRuntimeEnv();
  const [open, setOpen] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [result, setResult] = useState<{ ok: boolean; msg: string; data: ImportAnswer | null } | null>(null);
  const input = useRef<HTMLInputElement>(null);

  const fail = (e: unknown) => env.notify('error', e instanceof Error ? e.message : String(e));
  const downloadTemplate = async () => {
    try {
      const file = await env.download!(EXCEL_ENDPOINTS.template, { body: { entity: entity.name, page: pageName } });
      saveBlob(file.blob, file.fileName ?? 'template.xlsx');
    } catch (e) {
      fail(e);
    }
  };
  const downloadReport = async (id: number) => {
    try {
      const file = await env.download!(`${EXCEL_ENDPOINTS.download}?id=${id}`);
      saveBlob(file.blob, file.fileName ?? 'errors.xlsx');
    } catch (e) {
      fail(e);
    }
  };
  const upload = async (file: File) => {
    if (!env.upload) return;
    const form = new FormData();
    form.append('entity', entity.name);
    form.append('page', pageName);
    form.append('file', file, file.name);
    setResult(null);
    setProgress(0);
    try {
      const answer = await env.upload<ImportAnswer>(EXCEL_ENDPOINTS.importExcel, form, {
        onProgress: (loaded, total) => setProgress(total > 0 ? Math.round((loaded * 100) / total) : 0),
      });
      setProgress(100);
      setResult({ ok: true, msg: answer.msg, data: answer.data });
      env.notify('success', answer.msg);
      onImported();
    } catch (e) {
      setProgress(null);
      const data = e instanceof ApiError ? (e.envelope?.data as ImportAnswer | null | undefined) : undefined;
      setResult({ ok: false, msg: e instanceof Error ? e.message : String(e), data: data && Array.isArray(data.rows) ? data : null });
    } finally {
      if (input.current) input.current.value = '';
    }
  };

  return (
    <>
      <Button data-testid="excel-import" onClick={() => setOpen(true)}>
        {env.t('excel.import')}
      </Button>
      <Modal
        title={env.t('excel.importTitle')}
        visible={open}
        onCancel={() => setOpen(false)}
        footer={
          <Button data-testid="excel-close" onClick={() => setOpen(false)}>
            {env.t('excel.close')}
          </Button>
        }
        style={{ width: 720 }}
        unmountOnExit
      >
        <Space direction="vertical" size={12} style={{ width: '100%' }}>
          <div style={{ color: '#4e5969' }}>{env.t('excel.importHint')}</div>
          <Space>
            <Button data-testid="excel-template" onClick={() => void downloadTemplate()}>
              {env.t('excel.downloadTemplate')}
            </Button>
            <Button type="primary" data-testid="excel-choose" onClick={() => input.current?.click()}>
              {env.t('excel.chooseFile')}
            </Button>
            <input
              ref={input}
              type="file"
              accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              data-testid="excel-file"
              style={{ display: 'none' }}
              onChange={(e) => {
                const f = e.target.files?.[0];
                if (f) void upload(f);
              }}
            />
          </Space>
          {progress !== null && <Progress percent={progress} data-testid="excel-progress" />}
          {result && (
            <div data-testid="excel-result" data-ok={result.ok ? 'Y' : 'N'} style={{ color: result.ok ? '#00b42a' : '#f53f3f' }}>
              {result.msg}
            </div>
          )}
          {result?.data && result.data.rows.length > 0 && (
            <>
              {/* A short list of messages, not a data grid: the rows themselves are in the report. */}
              <ol
                data-testid="excel-row-errors"
                style={{ maxHeight: 240, overflow: 'auto', margin: 0, paddingLeft: 0, listStyle: 'none', border: '1px solid #e5e6eb', borderRadius: 4 }}
              >
                {result.data.rows.map((r) => (
                  <li key={r.row} data-row={r.row} style={{ display: 'flex', gap: 12, padding: '6px 12px', borderBottom: '1px solid #f2f3f5' }}>
                    <span style={{ flex: '0 0 96px', color: '#4e5969' }}>{env.t('excel.rowNumber', { row: r.row })}</span>
                    <span style={{ color: '#f53f3f' }}>{r.errors.join('; ')}</span>
                  </li>
                ))}
              </ol>
              {result.data.reportFileId !== null && (
                <Button data-testid="excel-report" status="danger" onClick={() => void downloadReport(result.data!.reportFileId!)}>
                  {env.t('excel.downloadReport')}
                </Button>
              )}
            </>
          )}
        </Space>
      </Modal>
    </>
  );
}
