// Versions of a definition: who published what and when, the difference between any two (incl. the
// shipped file and the draft), roll back to one (a new version; "shipped" retires the overlay), and
// discard the draft.
import { Button, Message, Modal, Select, Space, Table, Tag } from '@arco-design/web-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PageDefinition } from '../../runtime/definitions';
import { designerApi, type DiffEntry, type VersionInfo, type VersionRef } from '../api';

function show(value: unknown): string {
  if (value === undefined) return '';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

export function VersionsPanel({
  name,
  hasShipped,
  onChanged,
  onLoad,
}: {
  name: string;
  hasShipped: boolean;
  onChanged(): void;
  onLoad(content: PageDefinition): void;
}) {
  const { t } = useTranslation();
  const [versions, setVersions] = useState<VersionInfo[]>([]);
  const [from, setFrom] = useState<VersionRef | undefined>(undefined);
  const [to, setTo] = useState<VersionRef | undefined>(undefined);
  const [diff, setDiff] = useState<DiffEntry[] | null>(null);
  const [token, setToken] = useState(0);

  useEffect(() => {
    designerApi.versions(name).then(
      (list) => {
        setVersions(list);
        const published = list.filter((v) => v.version > 0);
        if (published.length > 0) {
          setTo(published[0].version);
          setFrom(published[1]?.version ?? (hasShipped ? 0 : undefined));
        }
      },
      (e: unknown) => Message.error(e instanceof Error ? e.message : String(e)),
    );
  }, [name, token, hasShipped]);

  const refs: { value: VersionRef; label: string }[] = [
    ...(hasShipped && !versions.some((v) => v.version === 0) ? [{ value: 0 as VersionRef, label: t('designer.versions.shipped') }] : []),
    ...versions.map((v) => ({ value: v.version as VersionRef, label: v.version === 0 ? t('designer.versions.shipped') : `v${v.version}` })),
    { value: 'draft', label: t('designer.badge.draft') },
  ];

  const compare = async () => {
    if (from === undefined || to === undefined) return;
    try {
      setDiff(await designerApi.diff(name, from, to));
    } catch (e) {
      Message.error(e instanceof Error ? e.message : String(e));
    }
  };

  const rollback = (version: number) => {
    Modal.confirm({
      title: t('designer.versions.rollbackTitle'),
      content: version === 0 ? t('designer.versions.rollbackShipped') : t('designer.versions.rollbackText', { version }),
      okText: t('designer.versions.rollback'),
      cancelText: t('designer.cancel'),
      okButtonProps: { 'data-testid': 'designer-rollback-ok' } as Record<string, string>,
      onOk: async () => {
        try {
          const answer = await designerApi.rollback(
            name,
            version,
            t('designer.versions.rollbackComment', { version: version === 0 ? t('designer.versions.shipped') : `v${version}` }),
          );
          Message.success(t('designer.versions.rolledBack', { version: answer.version }));
          setToken((n) => n + 1);
          onChanged();
        } catch (e) {
          Message.error(e instanceof Error ? e.message : String(e));
        }
      },
    });
  };

  const loadIntoEditor = async (version: number) => {
    try {
      onLoad(await designerApi.version(name, version));
      Message.info(t('designer.versions.loaded', { version: version === 0 ? t('designer.versions.shipped') : `v${version}` }));
    } catch (e) {
      Message.error(e instanceof Error ? e.message : String(e));
    }
  };

  const discard = async () => {
    try {
      await designerApi.discardDraft(name);
      Message.success(t('designer.versions.discarded'));
      onChanged();
    } catch (e) {
      Message.error(e instanceof Error ? e.message : String(e));
    }
  };

  const rows = [...versions];
  if (hasShipped && !rows.some((v) => v.version === 0)) rows.push({ version: 0, current: !versions.some((v) => v.current), comment: null });

  return (
    <div data-testid="designer-versions">
      <Table
        rowKey="version"
        size="small"
        pagination={false}
        data={rows}
        columns={[
          {
            title: t('designer.versions.version'),
            dataIndex: 'version',
            width: 150,
            render: (v: number, r: VersionInfo) => (
              <Space size={4} style={{ whiteSpace: 'nowrap' }}>
                {v === 0 ? t('designer.versions.shipped') : `v${v}`}
                {r.current && (
                  <Tag size="small" color="green">
                    {t('designer.versions.current')}
                  </Tag>
                )}
              </Space>
            ),
          },
          { title: t('designer.versions.comment'), dataIndex: 'comment', render: (c: string | null) => c ?? '' },
          { title: t('designer.versions.by'), dataIndex: 'createdByName', width: 110, render: (c: string | null) => c ?? '' },
          { title: t('designer.versions.date'), dataIndex: 'creationDate', width: 190, render: (c: string | null) => c ?? '' },
          {
            title: '',
            key: 'ops',
            width: 200,
            render: (_: unknown, r: VersionInfo) => (
              <Space size={4}>
                <Button size="mini" onClick={() => void loadIntoEditor(r.version)} data-testid={`designer-load-${r.version}`}>
                  {t('designer.versions.edit')}
                </Button>
                {!r.current && (
                  <Button size="mini" status="warning" onClick={() => rollback(r.version)} data-testid={`designer-rollback-${r.version}`}>
                    {t('designer.versions.rollback')}
                  </Button>
                )}
              </Space>
            ),
          },
        ]}
      />
      <Space style={{ margin: '12px 0' }} wrap>
        <span>{t('designer.versions.compare')}</span>
        <Select size="small" style={{ width: 120 }} value={from} onChange={setFrom} options={refs} data-testid="designer-diff-from" />
        <span>→</span>
        <Select size="small" style={{ width: 120 }} value={to} onChange={setTo} options={refs} data-testid="designer-diff-to" />
        <Button size="small" type="primary" onClick={() => void compare()} disabled={from === undefined || to === undefined} data-testid="designer-diff">
          {t('designer.versions.showDiff')}
        </Button>
        <Button size="small" status="danger" onClick={() => void discard()} data-testid="designer-discard-draft">
          {t('designer.versions.discard')}
        </Button>
      </Space>
      {diff && (
        <Table
          rowKey={(r: DiffEntry) => `${r.op}:${r.path}`}
          size="small"
          pagination={false}
          data={diff}
          noDataElement={<div className="designer-muted">{t('designer.versions.same')}</div>}
          data-testid="designer-diff-table"
          columns={[
            { title: t('designer.versions.path'), dataIndex: 'path', width: 260, render: (p: string) => <code>{p}</code> },
            {
              title: t('designer.versions.op'),
              dataIndex: 'op',
              width: 100,
              render: (op: DiffEntry['op']) => (
                <Tag size="small" color={op === 'add' ? 'green' : op === 'remove' ? 'red' : 'orange'}>
                  {t(`designer.versions.ops.${op}`)}
                </Tag>
              ),
            },
            {
              title: t('designer.versions.before'),
              dataIndex: 'before',
              width: '35%',
              render: (v: unknown) => <code className="designer-diff-value">{show(v)}</code>,
            },
            {
              title: t('designer.versions.after'),
              dataIndex: 'after',
              width: '35%',
              render: (v: unknown) => <code className="designer-diff-value">{show(v)}</code>,
            },
          ]}
        />
      )}
    </div>
  );
}
