// Widget "bpmnModeler": the process modeler, loaded with bpmn-js on first use (its own chunk).
import { lazy, Suspense } from 'react';
import { Spin } from '@arco-design/web-react';
import type { WidgetProps } from '@rjsf/utils';

const BpmnModelerField = lazy(() => import('./BpmnModeler'));

export function ModelerWidget(props: WidgetProps) {
  return (
    <Suspense fallback={<Spin style={{ display: 'block', padding: 24 }} />}>
      <BpmnModelerField {...props} />
    </Suspense>
  );
}
