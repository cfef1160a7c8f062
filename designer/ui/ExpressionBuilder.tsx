// computedEvent.expression as a tree of operands (number or field) and operators — data, never code.
import { Button, InputNumber, Select, Space } from '@arco-design/web-react';
import { IconDelete, IconPlus } from '@arco-design/web-react/icon';
import { useTranslation } from 'react-i18next';
import { EXPRESSION_OPERATORS, isFieldOperand, isOperation, type Expression, type ExpressionOperator } from '../model/expression';

interface Props {
  value: Expression;
  fields: readonly string[];
  onChange(next: Expression): void;
  testId: string;
}

type OperandKind = 'number' | 'field' | 'operation';

function kindOf(e: Expression): OperandKind {
  return typeof e === 'number' ? 'number' : isFieldOperand(e) ? 'field' : 'operation';
}

export function ExpressionBuilder({ value, fields, onChange, testId }: Props) {
  const { t } = useTranslation();
  const switchKind = (kind: OperandKind) => {
    if (kind === kindOf(value)) return;
    if (kind === 'number') onChange(0);
    else if (kind === 'field') onChange({ field: fields[0] ?? '' });
    else onChange({ op: '+', args: [value, 0] });
  };
  return (
    <div className="designer-expr" data-testid={testId}>
      <Space size={6} wrap>
        <Select
          size="mini"
          style={{ width: 96 }}
          value={kindOf(value)}
          onChange={switchKind}
          options={(['field', 'number', 'operation'] as const).map((k) => ({ value: k, label: t(`designer.expression.${k}`) }))}
          data-testid={`${testId}-kind`}
        />
        {typeof value === 'number' && (
          <InputNumber
            size="mini"
            style={{ width: 110 }}
            value={value}
            onChange={(n) => onChange(typeof n === 'number' ? n : 0)}
            data-testid={`${testId}-number`}
          />
        )}
        {isFieldOperand(value) && (
          <Select
            size="mini"
            showSearch
            style={{ width: 160 }}
            value={value.field || undefined}
            onChange={(field: string) => onChange({ field })}
            options={fields.map((f) => ({ value: f, label: f }))}
            data-testid={`${testId}-field`}
          />
        )}
        {isOperation(value) && (
          <Select
            size="mini"
            style={{ width: 64 }}
            value={value.op}
            onChange={(op: ExpressionOperator) => onChange({ ...value, op })}
            options={EXPRESSION_OPERATORS.map((op) => ({ value: op, label: op }))}
            data-testid={`${testId}-op`}
          />
        )}
      </Space>
      {isOperation(value) && (
        <div className="designer-expr-args">
          {value.args.map((arg, i) => (
            <div key={i} className="designer-expr-arg">
              <ExpressionBuilder
                value={arg}
                fields={fields}
                onChange={(next) => onChange({ ...value, args: value.args.map((a, j) => (j === i ? next : a)) })}
                testId={`${testId}-${i}`}
              />
              {value.args.length > 2 && (
                <Button
                  size="mini"
                  type="text"
                  status="danger"
                  icon={<IconDelete />}
                  aria-label={t('designer.remove')}
                  onClick={() => onChange({ ...value, args: value.args.filter((_, j) => j !== i) })}
                />
              )}
            </div>
          ))}
          <Button size="mini" icon={<IconPlus />} onClick={() => onChange({ ...value, args: [...value.args, 0] })}>
            {t('designer.expression.addOperand')}
          </Button>
        </div>
      )}
    </div>
  );
}
