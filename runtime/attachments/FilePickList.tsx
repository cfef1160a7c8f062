// The picker of an upload cell with `attachmentConfig.pickFrom`: instead of uploading, the user ticks files
// the server offers (a declared read operation of a family answering attachments — which ones, and for whom,
// is the server's to decide: a supplier sees only its own master's files). The ticked ids are the cell's value;
// their names and sizes go to the column's displayKey, so the row says what was picked before it is saved.
import { useEffect, useState } from 'react';
import { Checkbox, Radio, Table } from '@arco-design/web-react';
import type { AttachmentConfig, EntityDefinition } from '../definitions.js';
import { useRuntimeEnv } from '../env.js';
import { familyPath } from '../data/dataProvider.js';
import { formatDate } from '../grid/format.js';
import { resolveText } from '../text/resolveText.js';
import { formatSize, parseIds, type Attachment } from './rules.js';

export type PickFrom = NonNullable<AttachmentConfig['pickFrom']>;
type Offered = Attachment & { creationDate?: string };

/** "scan.pdf (12 KB); photo.png (208 B)": what the row shows for the picked files. */
export function describePicked(files: readonly Attachment[]): string | null {
  return files.length ? files.map((f) => `${f.originalFileName ?? f.fileName} (${formatSize(Number(f.fileSize))})`).join('; ') : null;
}

/** The column's pickFrom with the family that serves it, when that family's definition is loaded. */
export function pickOf(
  config: AttachmentConfig | undefined,
  entities: Readonly<Record<string, EntityDefinition>> | undefined,
): { pickFrom: PickFrom; entity: EntityDefinition } | undefined {
  const pickFrom = config?.pickFrom;
  const entity = pickFrom ? entities?.[pickFrom.entity] : undefined;
  return pickFrom && entity ? { pickFrom, entity } : undefined;
}

export interface FilePickListProps {
  /** Test ids: file-pick-{name}, file-pick-{name}-{i} (the tick of row i), data-ids on the list. */
  name: string;
  value: unknown;
  pickFrom: PickFrom;
  /** The family that serves the operation. */
  entity: EntityDefinition;
  onChange(ids: string | undefined, display: string | null): void;
}

export function FilePickList({ name, value, pickFrom, entity, onChange }: FilePickListProps) {
  const env = useRuntimeEnv();
  const [offered, setOffered] = useState<Offered[] | null>(null);
  const [failed, setFailed] = useState(false);
  const picked = parseIds(value);
  const multiple = pickFrom.multiple !== false;
  useEffect(() => {
    let live = true;
    env
      .api<Offered[]>(familyPath(entity, pickFrom.operation), {})
      .then((a) => live && setOffered(Array.isArray(a.data) ? a.data : []))
      .catch((e: unknown) => {
        if (!live) return;
        setFailed(true);
        setOffered([]);
        env.notify('error', e instanceof Error && e.message ? e.message : env.t('attachment.pickFailed'));
      });
    return () => {
      live = false;
    };
  }, [env, entity, pickFrom.operation]);

  const toggle = (f: Offered, on: boolean) => {
    const list = offered ?? [];
    const id = String(f.id);
    // Only offered files stay picked: one the server no longer offers is dropped with the next tick.
    const next = multiple ? list.filter((x) => (String(x.id) === id ? on : picked.includes(String(x.id)))) : on ? [f] : [];
    onChange(next.length ? next.map((x) => String(x.id)).join(',') : undefined, describePicked(next));
  };

  const Tick = multiple ? Checkbox : Radio;
  const columns = [
    {
      title: env.t('attachment.pickColumn'),
      width: 64,
      render: (_: unknown, f: Offered, i: number) => (
        <Tick data-testid={`file-pick-${name}-${i}`} checked={picked.includes(String(f.id))} onChange={(on: boolean) => toggle(f, on)} />
      ),
    },
    { title: env.t('attachment.fileName'), dataIndex: 'originalFileName', render: (_: unknown, f: Offered) => f.originalFileName ?? f.fileName },
    { title: env.t('attachment.fileSize'), dataIndex: 'fileSize', width: 90, render: (v: number) => formatSize(Number(v)) },
    {
      title: env.t('attachment.uploadedAt'),
      dataIndex: 'creationDate',
      width: 180,
      render: (v: unknown) => <span style={{ whiteSpace: 'nowrap' }}>{formatDate(v, 'datetime')}</span>,
    },
  ];
  return (
    <div data-testid={`file-pick-${name}`} data-ids={picked.join(',')} data-loaded={offered ? 'Y' : 'N'}>
      <div style={{ marginBottom: 8, color: '#4e5969' }}>{resolveText(pickFrom.hint, env, env.t('attachment.pickHint'))}</div>
      <Table
        size="small"
        rowKey={(f: Offered) => String(f.id)}
        columns={columns}
        data={offered ?? []}
        loading={offered === null}
        pagination={false}
        scroll={{ y: 280 }}
        border={{ wrapper: true, cell: true }}
        noDataElement={<div style={{ padding: 12, color: '#86909c' }}>{env.t(failed ? 'attachment.pickFailed' : 'attachment.pickEmpty')}</div>}
      />
    </div>
  );
}
