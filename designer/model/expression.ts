// computedEvent expressions as data (schemas/meta/page.schema.json $defs/expression): a number, a row
// field, or an operator over two or more operands. The builder edits this tree; nothing is evaluated here.

export const EXPRESSION_OPERATORS = ['+', '-', '*', '/'] as const;
export type ExpressionOperator = (typeof EXPRESSION_OPERATORS)[number];

export type Expression = number | { field: string } | { op: ExpressionOperator; args: Expression[] };

export function isFieldOperand(e: Expression): e is { field: string } {
  return typeof e === 'object' && 'field' in e;
}

export function isOperation(e: Expression): e is { op: ExpressionOperator; args: Expression[] } {
  return typeof e === 'object' && 'op' in e;
}

/** The starting expression of a new computed column: `a * b` over the first two numeric fields. */
export function starterExpression(numericFields: readonly string[]): Expression {
  const [a, b] = numericFields;
  return { op: '*', args: [a ? { field: a } : 1, b ? { field: b } : 1] };
}

/** Readable form, e.g. `(price * quantity) + 10`. */
export function describeExpression(e: Expression | undefined): string {
  if (e === undefined) return '';
  if (typeof e === 'number') return String(e);
  if (isFieldOperand(e)) return e.field;
  return e.args.map((arg) => (isOperation(arg) ? `(${describeExpression(arg)})` : describeExpression(arg))).join(` ${e.op} `);
}

/** Fields an expression reads (for checks against the entity). */
export function expressionFields(e: Expression | undefined, out: string[] = []): string[] {
  if (e === undefined || typeof e === 'number') return out;
  if (isFieldOperand(e)) {
    if (!out.includes(e.field)) out.push(e.field);
    return out;
  }
  e.args.forEach((arg) => expressionFields(arg, out));
  return out;
}
