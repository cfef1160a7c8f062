// Widget "bpmCondition": the binding's condition in the designer's condition builder, loaded on first use
// (its own chunk, with the designer's words).
import { lazy, Suspense } from 'react';
import { Spin } from '@arco-design/web-react';
import type { WidgetProps } from '@rjsf/utils';

const BindingConditionField = lazy(() => import('./BindingCondition'));

export function ConditionWidget(props: WidgetProps) {
  return (
    <Suspense fallback={<Spin style={{ display: 'block', padding: 8 }} />}>
      <BindingConditionField {...props} />
    </Suspense>
  );
}
