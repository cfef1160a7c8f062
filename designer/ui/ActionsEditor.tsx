// Buttons (toolbar, row actions, edit-page actions, line toolbars): name, label, type from the action
// registry, the family operation and its resource code, confirmation, and show/disable conditions.
import { Button, Drawer, Form, Select, Space, Tag } from '@arco-design/web-react';
import { IconArrowDown, IconArrowUp, IconDelete, IconPlus, IconSettings } from '@arco-design/web-react/icon';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Action, EntityDefinition } from '../../runtime/definitions';
import { actions as actionRegistry } from '../../runtime/registry/index';
import { describeCondition } from '../model/conditions';
import { moveItem, removeItem, type Path } from '../model/path';
import { ConditionBuilder } from './ConditionBuilder';
import { entityFields, errorsAt, PartErrors, useEditor, useValue } from './EditorContext';
import { SelectField, SwitchField, TextField, TextInputs } from './inputs';
import { textOf } from './text';

/** Where a list of actions lives: grid.toolbar may be an array or {functionList} (SPEC §3 toolbar). */
export function actionsPath(base: Path, value: unknown): Path {
  return value && typeof value === 'object' && !Array.isArray(value) ? [...base, 'functionList'] : base;
}

export function ActionsEditor({ path: basePath, entity, testId }: { path: Path; entity: EntityDefinition | undefined; testId: string }) {
  const { t, i18n } = useTranslation();
  const { set, errors } = useEditor();
  const raw = useValue<unknown>(basePath);
  const path = actionsPath(basePath, raw);
  const list = useValue<Action[]>(path) ?? [];
  const [open, setOpen] = useState<number | null>(null);
  const add = () => {
    const name = `action${list.length + 1}`;
    set(path, [...list, { name, type: 'operation', label: { CN: name, EN: name, TH: name, VN: name } }]);
    setOpen(list.length);
  };
  return (
    <div className="designer-actions" data-testid={testId}>
      <PartErrors path={path} exact />
      {list.length === 0 && <div className="designer-muted">{t('designer.actions.none')}</div>}
      {list.map((action, index) => {
        const hasErrors = errorsAt(errors, [...path, index]).length > 0;
        return (
          <div
            key={`${action.name}-${index}`}
            className={hasErrors ? 'designer-action-row has-errors' : 'designer-action-row'}
            data-testid={`${testId}-item-${index}`}
          >
            <Space size={2}>
              <Button
                size="mini"
                type="text"
                icon={<IconArrowUp />}
                disabled={index === 0}
                onClick={() => set(path, moveItem(list, index, index - 1))}
                aria-label={t('designer.moveUp')}
              />
              <Button
                size="mini"
                type="text"
                icon={<IconArrowDown />}
                disabled={index === list.length - 1}
                onClick={() => set(path, moveItem(list, index, index + 1))}
                aria-label={t('designer.moveDown')}
              />
            </Space>
            <strong className="designer-action-label">{action.label !== undefined ? textOf(action.label, i18n.language) : action.name}</strong>
            <Tag size="small">{action.type}</Tag>
            {action.operation && (
              <Tag size="small" color="arcoblue">
                {action.operation}
              </Tag>
            )}
            {action.resource && (
              <Tag size="small" color="orangered">
                {action.resource}
              </Tag>
            )}
            {action.show && (
              <span className="designer-muted designer-ellipsis" title={describeCondition(action.show)}>
                {t('designer.actions.showWhen')}: {describeCondition(action.show)}
              </span>
            )}
            <span className="designer-header-space" />
            <Button
              size="mini"
              type={hasErrors ? 'primary' : 'text'}
              status={hasErrors ? 'danger' : 'default'}
              icon={<IconSettings />}
              onClick={() => setOpen(index)}
              aria-label={t('designer.actions.settings')}
              data-testid={`${testId}-settings-${index}`}
            />
            <Button
              size="mini"
              type="text"
              status="danger"
              icon={<IconDelete />}
              onClick={() => set(path, removeItem(list, index))}
              aria-label={t('designer.remove')}
              data-testid={`${testId}-remove-${index}`}
            />
          </div>
        );
      })}
      <Button size="small" icon={<IconPlus />} onClick={add} data-testid={`${testId}-add`}>
        {t('designer.actions.add')}
      </Button>
      {open !== null && list[open] && <ActionDetail path={[...path, open]} entity={entity} onClose={() => setOpen(null)} />}
    </div>
  );
}

function ActionDetail({ path, entity, onClose }: { path: Path; entity: EntityDefinition | undefined; onClose(): void }) {
  const { t } = useTranslation();
  const { set } = useEditor();
  const action = useValue<Action>(path);
  const fields = entityFields(entity);
  const operations = ['saveOrUpdate', 'delete', 'doBatchDelete', ...(entity?.status?.transitions.map((tr) => tr.action) ?? [])];
  const resources = [...new Set(['btnAdd', 'btnEdit', 'btnView', 'btnSave', 'btnDelete', ...(entity?.status?.transitions.map((tr) => tr.resource) ?? [])])];
  if (!action) return null;
  return (
    <Drawer
      visible
      width={620}
      title={`${t('designer.actions.settings')}: ${action.name}`}
      onCancel={onClose}
      footer={
        <Button onClick={onClose} data-testid="action-detail-close">
          {t('designer.close')}
        </Button>
      }
      data-testid="action-detail"
    >
      <PartErrors path={path} />
      <Form layout="vertical" size="small">
        <div className="designer-form-row">
          <Form.Item label={t('designer.actions.name')}>
            <TextField path={[...path, 'name']} testId="action-name" width={160} />
          </Form.Item>
          <Form.Item label={t('designer.actions.type')}>
            <SelectField
              path={[...path, 'type']}
              testId="action-type"
              allowClear={false}
              options={actionRegistry.names().map((n) => ({ value: n, label: n }))}
            />
          </Form.Item>
          <Form.Item label={t('designer.actions.status')}>
            <SelectField
              path={[...path, 'status']}
              testId="action-status"
              options={(['default', 'primary', 'danger', 'success'] as const).map((s) => ({ value: s, label: s }))}
            />
          </Form.Item>
        </div>
        <Form.Item label={t('designer.actions.label')}>
          <TextInputs path={[...path, 'label']} testId="action-label" />
        </Form.Item>
        <div className="designer-form-row">
          <Form.Item label={t('designer.actions.operation')}>
            <Selectable path={[...path, 'operation']} options={operations} testId="action-operation" />
          </Form.Item>
          <Form.Item label={t('designer.actions.resource')}>
            <Selectable path={[...path, 'resource']} options={resources} testId="action-resource" />
          </Form.Item>
          <Form.Item label={t('designer.actions.mode')}>
            <SelectField
              path={[...path, 'mode']}
              testId="action-mode"
              options={(['create', 'edit', 'view'] as const).map((m) => ({ value: m, label: t(`designer.actions.modes.${m}`) }))}
            />
          </Form.Item>
          <Form.Item label={t('designer.actions.needSelection')}>
            <SwitchField path={[...path, 'needSelection']} testId="action-needSelection" />
          </Form.Item>
        </div>
        <Form.Item label={t('designer.actions.confirm')}>
          <TextInputs path={[...path, 'confirm']} testId="action-confirm" />
        </Form.Item>
        <Form.Item label={t('designer.actions.showWhen')}>
          <ConditionBuilder value={action.show} fields={fields} onChange={(c) => set([...path, 'show'], c)} testId="action-show" />
        </Form.Item>
        <Form.Item label={t('designer.actions.disabledWhen')}>
          <ConditionBuilder value={action.disabled} fields={fields} onChange={(c) => set([...path, 'disabled'], c)} testId="action-disabled" />
        </Form.Item>
      </Form>
    </Drawer>
  );
}

/** A select that also takes a typed value (custom operations and resource codes). */
function Selectable({ path, options, testId }: { path: Path; options: string[]; testId: string }) {
  const { set } = useEditor();
  const value = useValue<string>(path);
  return (
    <SelectCreate value={value} options={value && !options.includes(value) ? [value, ...options] : options} onChange={(v) => set(path, v)} testId={testId} />
  );
}

function SelectCreate({
  value,
  options,
  onChange,
  testId,
}: {
  value: string | undefined;
  options: string[];
  onChange(v: string | undefined): void;
  testId: string;
}) {
  return (
    <Select
      size="small"
      style={{ width: 170 }}
      showSearch
      allowClear
      allowCreate
      value={value}
      onChange={(v: string | undefined) => onChange(v || undefined)}
      options={options.map((o) => ({ value: o, label: o }))}
      data-testid={testId}
    />
  );
}
