// The grid's columns as a table: order by drag (or the up/down buttons), key, width, fixed side, cell
// type, summary and visibility inline; everything else in the column's settings drawer.
import { Button, Select, Space, Tooltip } from '@arco-design/web-react';
import { IconArrowDown, IconArrowUp, IconDelete, IconDragDotVertical, IconPlus, IconSettings } from '@arco-design/web-react/icon';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Column, EntityDefinition } from '../../runtime/definitions';
import { cellTypes } from '../../runtime/registry/index';
import { moveItem, removeItem, type Path } from '../model/path';
import { ColumnDetail } from './ColumnDetail';
import { starterExpression } from '../model/expression';
import { entityFields, errorsAt, numericFields, PartErrors, useEditor, useValue } from './EditorContext';
import { NumberField, SelectField, SwitchField } from './inputs';
import { textOf } from './text';

export function summaryMode(value: unknown): 'none' | 'sum' | 'avg' {
  if (value === true || value === 'sum') return 'sum';
  if (value === 'avg') return 'avg';
  return 'none';
}

export function ColumnsEditor({ gridPath, entity, testId }: { gridPath: Path; entity: EntityDefinition | undefined; testId: string }) {
  const { t, i18n } = useTranslation();
  const { set, errors } = useEditor();
  const columnsPath = [...gridPath, 'columns'];
  const columns = useValue<Column[]>(columnsPath) ?? [];
  const [dragFrom, setDragFrom] = useState<number | null>(null);
  const [open, setOpen] = useState<number | null>(null);
  const fields = entityFields(entity);
  const unused = fields.filter((f) => !columns.some((c) => c.key === f));

  const move = (from: number, to: number) => set(columnsPath, moveItem(columns, from, to));
  const add = () => set(columnsPath, [...columns, { key: unused[0] ?? fields[0] ?? 'newColumn' }]);
  // A computed column shows no field: a free key, cell type compute, and an expression over the row.
  const addComputed = () => {
    let n = 1;
    while (columns.some((c) => c.key === `computed${n}`)) n++;
    const title = Object.fromEntries((['CN', 'EN', 'TH', 'VN'] as const).map((lng) => [lng, `${i18n.t('designer.columns.computed', { lng })} ${n}`]));
    set(columnsPath, [
      ...columns,
      { key: `computed${n}`, cellType: 'compute', title, computedEvent: { expression: starterExpression(numericFields(entity)) } },
    ]);
    setOpen(columns.length);
  };
  const remove = (index: number) => set(columnsPath, removeItem(columns, index));
  const typeOptions = cellTypes
    .names()
    .sort()
    // A designer reads "金额", not "amount"; a type a module adds without a label keeps its name.
    .map((name) => ({ value: name, label: i18n.exists(`designer.cellTypes.${name}`) ? t(`designer.cellTypes.${name}`) : name }));

  return (
    <div data-testid={testId}>
      <PartErrors path={columnsPath} exact />
      <table className="designer-table">
        <thead>
          <tr>
            <th style={{ width: 76 }}>{t('designer.columns.order')}</th>
            <th>{t('designer.columns.key')}</th>
            <th>{t('designer.columns.title')}</th>
            <th>{t('designer.columns.width')}</th>
            <th>{t('designer.columns.fixed')}</th>
            <th>{t('designer.columns.cellType')}</th>
            <th>{t('designer.columns.summary')}</th>
            <th>{t('designer.columns.visible')}</th>
            <th style={{ width: 72 }} />
          </tr>
        </thead>
        <tbody>
          {columns.map((column, index) => {
            const path = [...columnsPath, index];
            const hasErrors = errorsAt(errors, path).length > 0;
            return (
              <tr
                key={`${column.key}-${index}`}
                className={[dragFrom === index ? 'dragging' : '', hasErrors ? 'has-errors' : ''].join(' ')}
                draggable
                onDragStart={(e) => {
                  setDragFrom(index);
                  e.dataTransfer.effectAllowed = 'move';
                  e.dataTransfer.setData('text/plain', String(index));
                }}
                onDragOver={(e) => e.preventDefault()}
                onDrop={(e) => {
                  e.preventDefault();
                  const from = dragFrom ?? Number(e.dataTransfer.getData('text/plain'));
                  if (!Number.isNaN(from)) move(from, index);
                  setDragFrom(null);
                }}
                onDragEnd={() => setDragFrom(null)}
                data-testid={`${testId}-row-${index}`}
                data-key={column.key}
              >
                <td>
                  <Space size={2}>
                    <IconDragDotVertical className="designer-drag-handle" />
                    <Button
                      size="mini"
                      type="text"
                      icon={<IconArrowUp />}
                      disabled={index === 0}
                      onClick={() => move(index, index - 1)}
                      aria-label={t('designer.moveUp')}
                      data-testid={`${testId}-up-${index}`}
                    />
                    <Button
                      size="mini"
                      type="text"
                      icon={<IconArrowDown />}
                      disabled={index === columns.length - 1}
                      onClick={() => move(index, index + 1)}
                      aria-label={t('designer.moveDown')}
                      data-testid={`${testId}-down-${index}`}
                    />
                  </Space>
                </td>
                <td>
                  <Select
                    size="small"
                    showSearch
                    allowCreate
                    style={{ width: 150 }}
                    value={column.key}
                    onChange={(key: string) => set([...path, 'key'], key)}
                    options={[...new Set([column.key, ...fields])].map((f) => ({ value: f, label: f }))}
                    data-testid={`${testId}-key-${index}`}
                  />
                </td>
                <td className="designer-ellipsis">
                  {column.title !== undefined ? (
                    textOf(column.title, i18n.language)
                  ) : (
                    <span className="designer-muted">{labelOf(entity, column.key, i18n.language)}</span>
                  )}
                </td>
                <td>
                  <NumberField path={[...path, 'width']} min={20} width={84} testId={`${testId}-width-${index}`} />
                </td>
                <td>
                  <SelectField
                    path={[...path, 'fixed']}
                    width={92}
                    testId={`${testId}-fixed-${index}`}
                    options={[
                      { value: 'left', label: t('designer.columns.left') },
                      { value: 'right', label: t('designer.columns.right') },
                    ]}
                  />
                </td>
                <td>
                  <SelectField
                    path={[...path, 'cellType']}
                    width={120}
                    showSearch
                    testId={`${testId}-celltype-${index}`}
                    options={typeOptions}
                    placeholder={t('designer.auto')}
                  />
                </td>
                <td>
                  <Select
                    size="small"
                    style={{ width: 92 }}
                    value={summaryMode(column.isSummary)}
                    onChange={(mode: 'none' | 'sum' | 'avg') => set([...path, 'isSummary'], mode === 'none' ? undefined : mode === 'sum' ? true : 'avg')}
                    options={(['none', 'sum', 'avg'] as const).map((m) => ({ value: m, label: t(`designer.summary.${m}`) }))}
                    data-testid={`${testId}-summary-${index}`}
                  />
                </td>
                <td>
                  <SwitchField path={[...path, 'isShow']} defaultOn testId={`${testId}-show-${index}`} />
                </td>
                <td>
                  <Space size={2}>
                    <Tooltip content={t('designer.columns.settings')}>
                      <Button
                        size="mini"
                        type={hasErrors ? 'primary' : 'text'}
                        status={hasErrors ? 'danger' : 'default'}
                        icon={<IconSettings />}
                        onClick={() => setOpen(index)}
                        data-testid={`${testId}-settings-${index}`}
                        aria-label={t('designer.columns.settings')}
                      />
                    </Tooltip>
                    <Button
                      size="mini"
                      type="text"
                      status="danger"
                      icon={<IconDelete />}
                      onClick={() => remove(index)}
                      aria-label={t('designer.remove')}
                      data-testid={`${testId}-remove-${index}`}
                    />
                  </Space>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <Space style={{ marginTop: 8 }}>
        <Button size="small" icon={<IconPlus />} onClick={add} data-testid={`${testId}-add`}>
          {t('designer.columns.add')}
        </Button>
        <Button size="small" icon={<IconPlus />} onClick={addComputed} data-testid={`${testId}-add-computed`}>
          {t('designer.columns.addComputed')}
        </Button>
      </Space>
      {open !== null && columns[open] && <ColumnDetail path={[...columnsPath, open]} entity={entity} onClose={() => setOpen(null)} />}
    </div>
  );
}

function labelOf(entity: EntityDefinition | undefined, key: string, language: string): string {
  const label = entity?.fields[key]?.label;
  return label !== undefined ? textOf(label, language) : key;
}
