// Every page definition: shipped, overlaid or new, with draft and conflict badges; search by name,
// title or entity.
import { Badge, Button, Input, Radio, Space, Table, Tag } from '@arco-design/web-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DefinitionSummary } from '../api';
import { go } from '../route';
import { textOf } from './text';

type SourceFilter = 'all' | DefinitionSummary['source'];

const SOURCE_COLOR: Record<DefinitionSummary['source'], string> = { shipped: 'gray', overlay: 'arcoblue', new: 'green' };

export function DefinitionList({ list, onReload }: { list: DefinitionSummary[]; onReload(): void }) {
  const { t, i18n } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const [source, setSource] = useState<SourceFilter>('all');
  const rows = useMemo(() => {
    const k = keyword.trim().toLowerCase();
    return list.filter((d) => {
      if (source !== 'all' && d.source !== source) return false;
      if (!k) return true;
      return [d.name, d.entity, textOf(d.title, i18n.language)].some((s) => s.toLowerCase().includes(k));
    });
  }, [list, keyword, source, i18n.language]);

  return (
    <div className="designer-panel" data-testid="designer-list">
      <div className="designer-toolbar">
        <h2 className="designer-title">{t('designer.list.title')}</h2>
        <Input.Search
          allowClear
          style={{ width: 280 }}
          placeholder={t('designer.list.search')}
          value={keyword}
          onChange={setKeyword}
          data-testid="designer-search"
        />
        <Radio.Group type="button" value={source} onChange={(v: SourceFilter) => setSource(v)}>
          {(['all', 'shipped', 'overlay', 'new'] as const).map((s) => (
            <Radio key={s} value={s}>
              {t(`designer.source.${s}`)}
            </Radio>
          ))}
        </Radio.Group>
        <span className="designer-header-space" />
        <Button onClick={onReload}>{t('designer.refresh')}</Button>
        <Button type="primary" onClick={() => go({ screen: 'new' })} data-testid="designer-new-screen">
          {t('designer.newScreen.button')}
        </Button>
      </div>
      <Table
        rowKey="name"
        size="small"
        data={rows}
        pagination={{ pageSize: 50, sizeCanChange: false }}
        onRow={(record: DefinitionSummary) => ({ onDoubleClick: () => go({ screen: 'edit', name: record.name }) })}
        columns={[
          {
            title: t('designer.list.name'),
            dataIndex: 'name',
            render: (name: string) => (
              <a
                href={`/designer/edit?name=${encodeURIComponent(name)}`}
                data-testid={`designer-open-${name}`}
                onClick={(e) => {
                  e.preventDefault();
                  go({ screen: 'edit', name });
                }}
              >
                {name}
              </a>
            ),
          },
          { title: t('designer.list.pageTitle'), dataIndex: 'title', render: (title: DefinitionSummary['title']) => textOf(title, i18n.language) },
          { title: t('designer.list.entity'), dataIndex: 'entity' },
          {
            title: t('designer.list.source'),
            dataIndex: 'source',
            width: 110,
            render: (s: DefinitionSummary['source']) => <Tag color={SOURCE_COLOR[s]}>{t(`designer.source.${s}`)}</Tag>,
          },
          {
            title: t('designer.list.version'),
            dataIndex: 'publishedVersion',
            width: 90,
            render: (v: number | null) => (v === null ? '—' : `v${v}`),
          },
          {
            title: t('designer.list.state'),
            key: 'state',
            width: 190,
            render: (_: unknown, d: DefinitionSummary) => (
              <Space size={4}>
                {d.hasDraft && <Badge status="processing" text={t('designer.badge.draft')} data-testid={`designer-draft-${d.name}`} />}
                {d.conflict && (
                  <Tag color="red" data-testid={`designer-conflict-${d.name}`}>
                    {t('designer.badge.conflict')}
                  </Tag>
                )}
              </Space>
            ),
          },
        ]}
      />
    </div>
  );
}
