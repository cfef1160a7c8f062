// Search fields of a list page: listByPage params keys (a field, or {field}From/{field}To for ranges),
// label, widget and lookup.
import { Button, Select, Space } from '@arco-design/web-react';
import { IconArrowDown, IconArrowUp, IconDelete, IconPlus } from '@arco-design/web-react/icon';
import { useTranslation } from 'react-i18next';
import type { EntityDefinition, PageDefinition } from '../../runtime/definitions';
import { moveItem, removeItem } from '../model/path';
import { entityFields, PartErrors, useEditor, useValue } from './EditorContext';
import { SelectField, TextInputs } from './inputs';

type SearchItem = NonNullable<PageDefinition['search']>[number];

export function SearchEditor({ entity }: { entity: EntityDefinition | undefined }) {
  const { t } = useTranslation();
  const { set, lookupTypes } = useEditor();
  const items = useValue<SearchItem[]>(['search']) ?? [];
  const keys = entityFields(entity).flatMap((f) => {
    const field = entity?.fields[f];
    return field?.filter === 'range' ? [f, `${f}From`, `${f}To`] : [f];
  });
  const write = (next: SearchItem[]) => set(['search'], next.length ? next : undefined);
  return (
    <div data-testid="search-editor">
      <PartErrors path={['search']} exact />
      <table className="designer-table">
        <thead>
          <tr>
            <th style={{ width: 64 }}>{t('designer.columns.order')}</th>
            <th>{t('designer.search.field')}</th>
            <th>{t('designer.search.widget')}</th>
            <th>{t('designer.search.lookup')}</th>
            <th>{t('designer.search.label')}</th>
            <th style={{ width: 40 }} />
          </tr>
        </thead>
        <tbody>
          {items.map((item, i) => (
            <tr key={`${item.field}-${i}`} data-testid={`search-row-${i}`}>
              <td>
                <Space size={2}>
                  <Button
                    size="mini"
                    type="text"
                    icon={<IconArrowUp />}
                    disabled={i === 0}
                    onClick={() => write(moveItem(items, i, i - 1))}
                    aria-label={t('designer.moveUp')}
                  />
                  <Button
                    size="mini"
                    type="text"
                    icon={<IconArrowDown />}
                    disabled={i === items.length - 1}
                    onClick={() => write(moveItem(items, i, i + 1))}
                    aria-label={t('designer.moveDown')}
                  />
                </Space>
              </td>
              <td>
                <Select
                  size="small"
                  showSearch
                  allowCreate
                  style={{ width: 170 }}
                  value={item.field}
                  onChange={(field: string) => set(['search', i, 'field'], field)}
                  options={[...new Set([item.field, ...keys])].map((k) => ({ value: k, label: k }))}
                />
              </td>
              <td>
                <SelectField
                  path={['search', i, 'widget']}
                  testId={`search-widget-${i}`}
                  width={110}
                  placeholder={t('designer.auto')}
                  options={(['text', 'lookup', 'date', 'number'] as const).map((w) => ({ value: w, label: w }))}
                />
              </td>
              <td>
                <SelectField
                  path={['search', i, 'lookup']}
                  testId={`search-lookup-${i}`}
                  width={150}
                  showSearch
                  options={lookupTypes.map((l) => ({ value: l, label: l }))}
                />
              </td>
              <td>
                <TextInputs path={['search', i, 'label']} testId={`search-label-${i}`} compact />
              </td>
              <td>
                <Button
                  size="mini"
                  type="text"
                  status="danger"
                  icon={<IconDelete />}
                  aria-label={t('designer.remove')}
                  onClick={() => write(removeItem(items, i))}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <Button
        size="small"
        icon={<IconPlus />}
        style={{ marginTop: 8 }}
        onClick={() => write([...items, { field: keys.find((k) => !items.some((s) => s.field === k)) ?? keys[0] ?? 'keyword' }])}
        data-testid="search-add"
      >
        {t('designer.search.add')}
      </Button>
    </div>
  );
}
