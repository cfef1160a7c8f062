// One column's settings: titles in four languages, display, lookup binding, summary, validation,
// visibility/edit conditions and the computed value — each key written as definition data.
import { Button, Drawer, Form, InputNumber, Radio, Select, Switch } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import type { Column, Condition, EntityDefinition } from '../../runtime/definitions';
import { describeExpression, starterExpression, type Expression } from '../model/expression';
import { lengthPattern, parseLengthPattern } from '../model/length';
import type { Path } from '../model/path';
import { ConditionBuilder } from './ConditionBuilder';
import { entityFields, numericFields, PartErrors, useEditor, useValue } from './EditorContext';
import { ExpressionBuilder } from './ExpressionBuilder';
import { NumberField, SelectField, SwitchField, TextField, TextInputs } from './inputs';
import { summaryMode } from './ColumnsEditor';

const FormItem = Form.Item;

export function ColumnDetail({ path, entity, onClose }: { path: Path; entity: EntityDefinition | undefined; onClose(): void }) {
  const { t } = useTranslation();
  const { set, lookupTypes } = useEditor();
  const column = useValue<Column>(path) ?? { key: '' };
  const fields = entityFields(entity);
  const extra = column as Column & { computedEvent?: { expression: Expression; precision?: number } };
  const length = parseLengthPattern(column.validate?.pattern);
  const isEdit = column.isEdit;
  const editMode: 'inherit' | 'never' | 'when' = isEdit === false ? 'never' : typeof isEdit === 'object' ? 'when' : 'inherit';

  return (
    <Drawer
      visible
      width={620}
      title={`${t('designer.columns.settings')}: ${column.key}`}
      onCancel={onClose}
      footer={
        <Button onClick={onClose} data-testid="column-detail-close">
          {t('designer.close')}
        </Button>
      }
      data-testid="column-detail"
    >
      <PartErrors path={path} />
      <Form layout="vertical" size="small">
        <FormItem label={t('designer.columns.titlePerLanguage')}>
          <TextInputs path={[...path, 'title']} testId="column-title" inherited={entity?.fields[column.key]?.label} />
        </FormItem>
        <div className="designer-form-row">
          <FormItem label={t('designer.columns.align')}>
            <SelectField
              path={[...path, 'align']}
              testId="column-align"
              options={(['left', 'center', 'right'] as const).map((a) => ({ value: a, label: t(`designer.columns.${a}`) }))}
            />
          </FormItem>
          <FormItem label={t('designer.columns.displayKey')}>
            <SelectField path={[...path, 'displayKey']} testId="column-displayKey" showSearch options={fields.map((f) => ({ value: f, label: f }))} />
          </FormItem>
          <FormItem label={t('designer.columns.sortable')}>
            <SwitchField path={[...path, 'sortable']} testId="column-sortable" />
          </FormItem>
          <FormItem label={t('designer.columns.ellipsis')}>
            <SwitchField path={[...path, 'ellipsis']} testId="column-ellipsis" />
          </FormItem>
          <FormItem label={t('designer.columns.tooltip')}>
            <SwitchField path={[...path, 'tooltip']} testId="column-tooltip" />
          </FormItem>
        </div>

        <h4 className="designer-section">{t('designer.columns.lookup')}</h4>
        <div className="designer-form-row">
          <FormItem label={t('designer.columns.lookupType')}>
            <Select
              size="small"
              showSearch
              allowClear
              allowCreate
              style={{ width: 200 }}
              value={column.lookup?.typeCode}
              onChange={(typeCode: string | undefined) => set([...path, 'lookup'], typeCode ? { ...column.lookup, typeCode } : undefined)}
              options={lookupTypes.map((code) => ({ value: code, label: code }))}
              data-testid="column-lookup"
            />
          </FormItem>
          {column.lookup && (
            <FormItem label={t('designer.columns.filterFlag')}>
              <SwitchField path={[...path, 'lookup', 'filterFlag']} testId="column-lookup-filter" />
            </FormItem>
          )}
        </div>

        <h4 className="designer-section">{t('designer.columns.numbers')}</h4>
        <div className="designer-form-row">
          <FormItem label={t('designer.columns.summary')}>
            <Radio.Group
              type="button"
              size="small"
              value={summaryMode(column.isSummary)}
              onChange={(mode: 'none' | 'sum' | 'avg') => set([...path, 'isSummary'], mode === 'none' ? undefined : mode === 'sum' ? true : 'avg')}
            >
              {(['none', 'sum', 'avg'] as const).map((m) => (
                <Radio key={m} value={m} data-testid={`column-summary-${m}`}>
                  {t(`designer.summary.${m}`)}
                </Radio>
              ))}
            </Radio.Group>
          </FormItem>
          <FormItem label={t('designer.columns.precision')}>
            <NumberField path={[...path, 'precision']} min={0} max={10} precision={0} testId="column-precision" />
          </FormItem>
          <FormItem label={t('designer.columns.thousands')}>
            <SwitchField path={[...path, 'showThousandSeparator']} testId="column-thousands" />
          </FormItem>
          <FormItem label={t('designer.columns.step')}>
            <NumberField path={[...path, 'step']} testId="column-step" />
          </FormItem>
        </div>

        <h4 className="designer-section">{t('designer.columns.validation')}</h4>
        <div className="designer-form-row">
          <FormItem label={t('designer.columns.required')}>
            <SwitchField path={[...path, 'validate', 'required']} testId="column-required" />
          </FormItem>
          <FormItem label={t('designer.columns.min')}>
            <NumberField path={[...path, 'validate', 'min']} testId="column-min" />
          </FormItem>
          <FormItem label={t('designer.columns.max')}>
            <NumberField path={[...path, 'validate', 'max']} testId="column-max" />
          </FormItem>
          {length ? (
            <>
              <FormItem label={t('designer.columns.minLength')}>
                <InputNumber
                  size="small"
                  style={{ width: 90 }}
                  min={0}
                  precision={0}
                  value={length.min}
                  onChange={(n) => set([...path, 'validate', 'pattern'], lengthPattern({ ...length, min: n ?? undefined }))}
                  data-testid="column-minLength"
                />
              </FormItem>
              <FormItem label={t('designer.columns.maxLength')}>
                <InputNumber
                  size="small"
                  style={{ width: 90 }}
                  min={1}
                  precision={0}
                  value={length.max}
                  onChange={(n) => set([...path, 'validate', 'pattern'], lengthPattern({ ...length, max: n ?? undefined }))}
                  data-testid="column-maxLength"
                />
              </FormItem>
            </>
          ) : (
            <FormItem label={t('designer.columns.pattern')}>
              <TextField path={[...path, 'validate', 'pattern']} testId="column-pattern" width={200} />
            </FormItem>
          )}
        </div>

        <h4 className="designer-section">{t('designer.columns.visibleWhen')}</h4>
        <FormItem label={t('designer.columns.isShowHelp')}>
          <SwitchField path={[...path, 'isShow']} defaultOn testId="column-isShow" />
        </FormItem>

        <h4 className="designer-section">{t('designer.columns.editable')}</h4>
        <Radio.Group
          type="button"
          size="small"
          value={editMode}
          onChange={(mode: typeof editMode) =>
            set([...path, 'isEdit'], mode === 'inherit' ? undefined : mode === 'never' ? false : { field: fields[0] ?? 'id', operator: 'notEmpty' })
          }
        >
          <Radio value="inherit">{t('designer.columns.editInherit')}</Radio>
          <Radio value="never">{t('designer.columns.editNever')}</Radio>
          <Radio value="when">{t('designer.columns.editWhen')}</Radio>
        </Radio.Group>
        {editMode === 'when' && (
          <ConditionBuilder value={isEdit as Condition} fields={fields} onChange={(c) => set([...path, 'isEdit'], c)} testId="column-isEdit" />
        )}
        <FormItem label={t('designer.columns.disabledWhen')} style={{ marginTop: 8 }}>
          <ConditionBuilder value={column.disabled} fields={fields} onChange={(c) => set([...path, 'disabled'], c)} testId="column-disabled" />
        </FormItem>

        <h4 className="designer-section">{t('designer.columns.computed')}</h4>
        <Switch
          size="small"
          checked={extra.computedEvent !== undefined}
          onChange={(on) => {
            set([...path, 'computedEvent'], on ? { expression: starterExpression(numericFields(entity)) } : undefined);
            set([...path, 'cellType'], on ? 'compute' : undefined);
          }}
          data-testid="column-computed"
        />
        {extra.computedEvent && (
          <div className="designer-computed">
            <div className="designer-muted">= {describeExpression(extra.computedEvent.expression)}</div>
            <ExpressionBuilder
              value={extra.computedEvent.expression}
              fields={fields}
              onChange={(expression) => set([...path, 'computedEvent', 'expression'], expression)}
              testId="column-expression"
            />
          </div>
        )}
      </Form>
    </Drawer>
  );
}
