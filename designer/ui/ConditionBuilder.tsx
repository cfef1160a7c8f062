// Builds a condition from rows (field + operator + value) in AND/OR groups, writing only the
// condition data of schemas/meta/condition.schema.json.
import { Button, Checkbox, Input, Radio, Select, Space } from '@arco-design/web-react';
import { IconDelete, IconPlus } from '@arco-design/web-react/icon';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Condition } from '../../runtime/definitions';
import './ConditionBuilder.css';
import {
  emptyGroup,
  fromGroup,
  newRow,
  OPERATORS,
  operatorTakesValue,
  toGroup,
  type ConditionGroup,
  type ConditionRow,
  type Operator,
} from '../model/conditions';

interface Props {
  value: Condition | undefined;
  fields: readonly string[];
  onChange(next: Condition | undefined): void;
  testId: string;
}

export function ConditionBuilder({ value, fields, onChange, testId }: Props) {
  const [group, setGroup] = useState<ConditionGroup>(() => toGroup(value));
  const emitted = useRef(JSON.stringify(value ?? null));
  // An outside change (undo, another version) replaces the rows; our own edits come back unchanged.
  useEffect(() => {
    const text = JSON.stringify(value ?? null);
    if (text !== emitted.current) {
      emitted.current = text;
      setGroup(toGroup(value));
    }
  }, [value]);
  const update = (next: ConditionGroup) => {
    setGroup(next);
    const condition = fromGroup(next);
    emitted.current = JSON.stringify(condition ?? null);
    onChange(condition);
  };
  return (
    <div className="designer-condition" data-testid={testId}>
      <GroupEditor group={group} fields={fields} onChange={update} testId={testId} depth={0} />
    </div>
  );
}

function GroupEditor({
  group,
  fields,
  onChange,
  testId,
  depth,
}: {
  group: ConditionGroup;
  fields: readonly string[];
  onChange(g: ConditionGroup): void;
  testId: string;
  depth: number;
}) {
  const { t } = useTranslation();
  const setItem = (index: number, item: ConditionRow | ConditionGroup) => onChange({ ...group, items: group.items.map((x, i) => (i === index ? item : x)) });
  const removeItem = (index: number) => onChange({ ...group, items: group.items.filter((_, i) => i !== index) });
  return (
    <div className={depth === 0 ? 'designer-cond-group root' : 'designer-cond-group'}>
      <Space size={8} className="designer-cond-head">
        <Radio.Group type="button" size="mini" value={group.mode} onChange={(mode: 'and' | 'or') => onChange({ ...group, mode })}>
          <Radio value="and" data-testid={`${testId}-and`}>
            {t('designer.condition.and')}
          </Radio>
          <Radio value="or" data-testid={`${testId}-or`}>
            {t('designer.condition.or')}
          </Radio>
        </Radio.Group>
        <Checkbox checked={group.negate} onChange={(negate: boolean) => onChange({ ...group, negate })}>
          {t('designer.condition.not')}
        </Checkbox>
        <Button size="mini" icon={<IconPlus />} onClick={() => onChange({ ...group, items: [...group.items, newRow()] })} data-testid={`${testId}-add-row`}>
          {t('designer.condition.addRow')}
        </Button>
        {depth < 2 && (
          <Button
            size="mini"
            icon={<IconPlus />}
            onClick={() => onChange({ ...group, items: [...group.items, emptyGroup(group.mode === 'and' ? 'or' : 'and')] })}
          >
            {t('designer.condition.addGroup')}
          </Button>
        )}
      </Space>
      {group.items.length === 0 && <div className="designer-muted">{t('designer.condition.none')}</div>}
      {group.items.map((item, index) =>
        item.type === 'row' ? (
          <RowEditor
            key={index}
            row={item}
            fields={fields}
            onChange={(r) => setItem(index, r)}
            onRemove={() => removeItem(index)}
            testId={`${testId}-row-${index}`}
          />
        ) : (
          <div key={index} className="designer-cond-nested">
            <GroupEditor group={item} fields={fields} onChange={(g) => setItem(index, g)} testId={`${testId}-group-${index}`} depth={depth + 1} />
            <Button size="mini" status="danger" type="text" icon={<IconDelete />} onClick={() => removeItem(index)} aria-label={t('designer.remove')} />
          </div>
        ),
      )}
    </div>
  );
}

function RowEditor({
  row,
  fields,
  onChange,
  onRemove,
  testId,
}: {
  row: ConditionRow;
  fields: readonly string[];
  onChange(r: ConditionRow): void;
  onRemove(): void;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Space size={6} className="designer-cond-row" data-testid={testId}>
      <Select
        size="mini"
        showSearch
        style={{ width: 170 }}
        placeholder={t('designer.condition.field')}
        value={row.field || undefined}
        onChange={(field: string) => onChange({ ...row, field })}
        options={fields.map((f) => ({ value: f, label: f }))}
        data-testid={`${testId}-field`}
      />
      <Select
        size="mini"
        style={{ width: 130 }}
        value={row.operator}
        onChange={(operator: Operator) => onChange({ ...row, operator })}
        options={OPERATORS.map((op) => ({ value: op, label: t(`designer.condition.op.${op}`) }))}
        data-testid={`${testId}-operator`}
      />
      {operatorTakesValue(row.operator) && (
        <Input
          size="mini"
          style={{ width: 150 }}
          value={row.value}
          placeholder={row.operator === 'in' || row.operator === 'notIn' ? t('designer.condition.listHint') : t('designer.condition.value')}
          onChange={(value) => onChange({ ...row, value })}
          data-testid={`${testId}-value`}
        />
      )}
      <Button size="mini" type="text" status="danger" icon={<IconDelete />} onClick={onRemove} aria-label={t('designer.remove')} />
    </Space>
  );
}
