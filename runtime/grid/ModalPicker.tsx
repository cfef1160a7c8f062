// modal cells (SPEC §3 cellType modal): a dialog lists records of modalConfig.entity (the same DataGrid,
// searched through the family's listByPage keyword); a click on a row picks it.
import { useEffect, useMemo, useState } from 'react';
import { Input, Modal } from '@arco-design/web-react';
import type { Column, EntityDefinition, Grid } from '../definitions.js';
import { useRuntimeEnv } from '../env.js';
import type { Row } from '../data/dataProvider.js';
import { resolveText } from '../text/resolveText.js';
import { DataGrid } from './DataGrid.js';
import { useDataProvider, useLatest } from '../data/useDataProvider.js';

/**
 * The fields a picked record writes into the row: the reference key and, when the column shows a
 * display field, the picked record's display text (its configured field, else the entity's display fields).
 */
export function modalPickPatch(column: Column, target: EntityDefinition, picked: Row, displayKey: string | undefined): Row {
  const config = column.modalConfig!;
  const patch: Row = { [column.key]: picked[config.valueKey ?? target.key] ?? null };
  const shown = config.displayKey
    ? picked[config.displayKey]
    : (target.display ?? [])
        .map((f) => picked[f])
        .filter(Boolean)
        .join(' ');
  if (displayKey) patch[displayKey] = shown ?? null;
  return patch;
}

export interface ModalPickerProps {
  name: string;
  column: Column;
  entity: EntityDefinition;
  onPick(row: Row): void;
  onClose(): void;
}

export function ModalPicker({ name, column, entity, onPick, onClose }: ModalPickerProps) {
  const env = useRuntimeEnv();
  const config = column.modalConfig!;
  const provider = useDataProvider(entity);
  const envNow = useLatest(env);
  const [keyword, setKeyword] = useState('');
  const [rows, setRows] = useState<Row[]>([]);
  const [loading, setLoading] = useState(false);
  useEffect(() => {
    let live = true;
    setLoading(true);
    const timer = setTimeout(() => {
      provider
        .list({ params: keyword && entity.display ? { keyword } : {}, pageIndex: 1, pageRows: 20 })
        .then((r) => live && setRows(r.rows))
        .catch((e: unknown) => live && envNow.current.notify('error', e instanceof Error ? e.message : String(e)))
        .finally(() => live && setLoading(false));
    }, 250);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [provider, keyword, envNow, entity.display]);
  const grid = useMemo<Grid>(() => {
    const keys = config.columns ?? entity.display ?? [entity.key];
    return { columns: keys.map((key) => ({ key, width: 180 })) as Grid['columns'], showIndex: true };
  }, [config.columns, entity.display, entity.key]);
  return (
    <Modal
      visible
      title={resolveText(config.title, env, env.t('grid.modalPick'))}
      footer={null}
      onCancel={onClose}
      style={{ width: 720 }}
      data-testid={`modal-picker-${name}`}
    >
      <Input.Search
        allowClear
        placeholder={env.t('grid.modalSearch')}
        value={keyword}
        onChange={setKeyword}
        style={{ marginBottom: 8 }}
        data-testid={`modal-picker-search-${name}`}
      />
      <DataGrid name={`picker-${name}`} grid={grid} entity={entity} rows={rows} loading={loading} height={300} onRowClick={(row) => onPick(row)} />
    </Modal>
  );
}
