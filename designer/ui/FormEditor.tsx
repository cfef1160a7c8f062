// Form layout of an edit page: columns per row, fields in order with label, widget, span, required,
// and show/read-only conditions.
import { Button, Drawer, Form, Select, Space } from '@arco-design/web-react';
import { IconArrowDown, IconArrowUp, IconDelete, IconPlus, IconSettings } from '@arco-design/web-react/icon';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EntityDefinition, PageDefinition } from '../../runtime/definitions';
import { widgets } from '../../runtime/registry/index';
import { describeCondition } from '../model/conditions';
import { moveItem, removeItem } from '../model/path';
import { ConditionBuilder } from './ConditionBuilder';
import { entityFields, errorsAt, PartErrors, useEditor, useValue } from './EditorContext';
import { NumberField, SelectField, SwitchField, TextInputs } from './inputs';

type FormField = NonNullable<PageDefinition['form']>['fields'][number];

export function FormEditor({ entity }: { entity: EntityDefinition | undefined }) {
  const { t } = useTranslation();
  const { set, errors } = useEditor();
  const fieldsList = useValue<FormField[]>(['form', 'fields']) ?? [];
  const [open, setOpen] = useState<number | null>(null);
  const names = entityFields(entity);
  const widgetOptions = widgets
    .names()
    .sort()
    .map((w) => ({ value: w, label: w }));
  const write = (next: FormField[]) => set(['form', 'fields'], next);
  return (
    <div data-testid="form-editor">
      <PartErrors path={['form']} exact />
      <Form layout="inline" size="small">
        <Form.Item label={t('designer.form.columns')}>
          <NumberField path={['form', 'columns']} min={1} max={4} precision={0} testId="form-columns" />
        </Form.Item>
      </Form>
      <table className="designer-table">
        <thead>
          <tr>
            <th style={{ width: 64 }}>{t('designer.columns.order')}</th>
            <th>{t('designer.form.field')}</th>
            <th>{t('designer.form.widget')}</th>
            <th>{t('designer.form.span')}</th>
            <th>{t('designer.form.required')}</th>
            <th>{t('designer.form.conditions')}</th>
            <th style={{ width: 64 }} />
          </tr>
        </thead>
        <tbody>
          {fieldsList.map((f, i) => (
            <tr key={`${f.field}-${i}`} className={errorsAt(errors, ['form', 'fields', i]).length ? 'has-errors' : ''} data-testid={`form-row-${i}`}>
              <td>
                <Space size={2}>
                  <Button
                    size="mini"
                    type="text"
                    icon={<IconArrowUp />}
                    disabled={i === 0}
                    onClick={() => write(moveItem(fieldsList, i, i - 1))}
                    aria-label={t('designer.moveUp')}
                  />
                  <Button
                    size="mini"
                    type="text"
                    icon={<IconArrowDown />}
                    disabled={i === fieldsList.length - 1}
                    onClick={() => write(moveItem(fieldsList, i, i + 1))}
                    aria-label={t('designer.moveDown')}
                  />
                </Space>
              </td>
              <td>
                <Select
                  size="small"
                  showSearch
                  style={{ width: 170 }}
                  value={f.field}
                  onChange={(field: string) => set(['form', 'fields', i, 'field'], field)}
                  options={[...new Set([f.field, ...names])].map((n) => ({ value: n, label: n }))}
                />
              </td>
              <td>
                <SelectField
                  path={['form', 'fields', i, 'widget']}
                  testId={`form-widget-${i}`}
                  width={120}
                  placeholder={t('designer.auto')}
                  options={widgetOptions}
                />
              </td>
              <td>
                <NumberField path={['form', 'fields', i, 'span']} min={1} max={4} precision={0} width={70} testId={`form-span-${i}`} />
              </td>
              <td>
                <SwitchField path={['form', 'fields', i, 'required']} testId={`form-required-${i}`} />
              </td>
              <td className="designer-muted designer-ellipsis">
                {[
                  f.show && `${t('designer.form.showWhen')}: ${describeCondition(f.show)}`,
                  f.readOnly && `${t('designer.form.readOnlyWhen')}: ${describeCondition(f.readOnly)}`,
                ]
                  .filter(Boolean)
                  .join('; ')}
              </td>
              <td>
                <Space size={2}>
                  <Button size="mini" type="text" icon={<IconSettings />} onClick={() => setOpen(i)} aria-label={t('designer.columns.settings')} />
                  <Button
                    size="mini"
                    type="text"
                    status="danger"
                    icon={<IconDelete />}
                    onClick={() => write(removeItem(fieldsList, i))}
                    aria-label={t('designer.remove')}
                  />
                </Space>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <Button
        size="small"
        icon={<IconPlus />}
        style={{ marginTop: 8 }}
        onClick={() => write([...fieldsList, { field: names.find((n) => !fieldsList.some((f) => f.field === n)) ?? names[0] ?? 'field' }])}
        data-testid="form-add"
      >
        {t('designer.form.add')}
      </Button>
      {open !== null && fieldsList[open] && (
        <Drawer
          visible
          width={600}
          title={fieldsList[open].field}
          onCancel={() => setOpen(null)}
          footer={<Button onClick={() => setOpen(null)}>{t('designer.close')}</Button>}
        >
          <PartErrors path={['form', 'fields', open]} />
          <Form layout="vertical" size="small">
            <Form.Item label={t('designer.form.label')}>
              <TextInputs path={['form', 'fields', open, 'label']} testId="form-field-label" />
            </Form.Item>
            <Form.Item label={t('designer.form.placeholder')}>
              <TextInputs path={['form', 'fields', open, 'placeholder']} testId="form-field-placeholder" />
            </Form.Item>
            <Form.Item label={t('designer.form.showWhen')}>
              <ConditionBuilder
                value={fieldsList[open].show}
                fields={names}
                onChange={(c) => set(['form', 'fields', open, 'show'], c)}
                testId="form-field-show"
              />
            </Form.Item>
            <Form.Item label={t('designer.form.readOnlyWhen')}>
              <ConditionBuilder
                value={fieldsList[open].readOnly}
                fields={names}
                onChange={(c) => set(['form', 'fields', open, 'readOnly'], c)}
                testId="form-field-readOnly"
              />
            </Form.Item>
          </Form>
        </Drawer>
      )}
    </div>
  );
}
