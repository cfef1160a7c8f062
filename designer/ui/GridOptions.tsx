// Grid options of SPEC §3 that a list or line grid reads: paging, height, index/selection columns,
// summary row, inline editing, operate column width, default sort.
import { Button, Form, InputNumber, Radio, Select, Space } from '@arco-design/web-react';
import { IconDelete, IconPlus } from '@arco-design/web-react/icon';
import { useTranslation } from 'react-i18next';
import type { EntityDefinition, Grid } from '../../runtime/definitions';
import type { Path } from '../model/path';
import { entityFields, PartErrors, useEditor, useValue } from './EditorContext';
import { NumberField, SelectField, SwitchField, TextField } from './inputs';

export function GridOptions({ gridPath, entity, testId }: { gridPath: Path; entity: EntityDefinition | undefined; testId: string }) {
  const { t } = useTranslation();
  const { set } = useEditor();
  const grid = useValue<Grid>(gridPath);
  const height = grid?.height;
  const sort = grid?.defaultSort ?? [];
  const fields = entityFields(entity);
  return (
    <Form layout="vertical" size="small" data-testid={testId}>
      <PartErrors path={gridPath} exact />
      <div className="designer-form-row">
        <Form.Item label={t('designer.grid.name')}>
          <TextField path={[...gridPath, 'name']} testId={`${testId}-name`} width={140} />
        </Form.Item>
        <Form.Item label={t('designer.grid.pageSize')}>
          <SelectField
            path={[...gridPath, 'pageSize']}
            testId={`${testId}-pageSize`}
            width={100}
            options={[20, 50, 100, 200, 500, 1000].map((n) => ({ value: n, label: String(n) }))}
          />
        </Form.Item>
        <Form.Item label={t('designer.grid.height')}>
          <Space size={4}>
            <Radio.Group
              type="button"
              size="small"
              value={height === undefined ? 'default' : height === 'auto' ? 'auto' : 'fixed'}
              onChange={(mode: string) => set([...gridPath, 'height'], mode === 'default' ? undefined : mode === 'auto' ? 'auto' : 400)}
            >
              <Radio value="default">{t('designer.auto')}</Radio>
              <Radio value="auto">auto</Radio>
              <Radio value="fixed">px</Radio>
            </Radio.Group>
            {typeof height === 'number' && (
              <InputNumber
                size="small"
                style={{ width: 90 }}
                min={100}
                value={height}
                onChange={(n) => set([...gridPath, 'height'], n ?? undefined, 'height')}
                data-testid={`${testId}-height`}
              />
            )}
          </Space>
        </Form.Item>
        <Form.Item label={t('designer.grid.operateWidth')}>
          <NumberField path={[...gridPath, 'operateWidth']} min={40} testId={`${testId}-operateWidth`} />
        </Form.Item>
      </div>
      <div className="designer-form-row">
        <Form.Item label={t('designer.grid.showIndex')}>
          <SwitchField path={[...gridPath, 'showIndex']} testId={`${testId}-showIndex`} />
        </Form.Item>
        <Form.Item label={t('designer.grid.selection')}>
          <SwitchField path={[...gridPath, 'selection']} testId={`${testId}-selection`} />
        </Form.Item>
        <Form.Item label={t('designer.grid.showSummary')}>
          <SwitchField path={[...gridPath, 'showSummary']} testId={`${testId}-showSummary`} />
        </Form.Item>
        <Form.Item label={t('designer.grid.isEdit')}>
          <SwitchField path={[...gridPath, 'isEdit']} testId={`${testId}-isEdit`} />
        </Form.Item>
        <Form.Item label={t('designer.grid.isShowPage')}>
          <SwitchField path={[...gridPath, 'isShowPage']} defaultOn testId={`${testId}-isShowPage`} />
        </Form.Item>
      </div>
      <Form.Item label={t('designer.grid.defaultSort')}>
        <div>
          {sort.map((s, i) => (
            <Space key={i} size={6} style={{ display: 'flex', marginBottom: 4 }}>
              <Select
                size="small"
                showSearch
                style={{ width: 180 }}
                value={s.field}
                onChange={(field: string) => set([...gridPath, 'defaultSort', i, 'field'], field)}
                options={fields.map((f) => ({ value: f, label: f }))}
              />
              <Select
                size="small"
                style={{ width: 100 }}
                value={s.order ?? 'asc'}
                onChange={(order: string) => set([...gridPath, 'defaultSort', i, 'order'], order)}
                options={[
                  { value: 'asc', label: t('designer.grid.asc') },
                  { value: 'desc', label: t('designer.grid.desc') },
                ]}
              />
              <Button
                size="mini"
                type="text"
                status="danger"
                icon={<IconDelete />}
                aria-label={t('designer.remove')}
                onClick={() => set([...gridPath, 'defaultSort'], sort.length === 1 ? undefined : sort.filter((_, j) => j !== i))}
              />
            </Space>
          ))}
          <Button size="mini" icon={<IconPlus />} onClick={() => set([...gridPath, 'defaultSort'], [...sort, { field: fields[0] ?? '', order: 'asc' }])}>
            {t('designer.grid.addSort')}
          </Button>
        </div>
      </Form.Item>
    </Form>
  );
}
