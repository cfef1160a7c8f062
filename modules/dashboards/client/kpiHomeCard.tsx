// The KPI card on the internal home, loaded on demand (its own chunk, with the widgets and, on the
// first chart, echarts).
import { lazy, Suspense } from 'react';

const KpiHomePanel = lazy(() => import('./KpiHomePanel'));

export function KpiHomeCard() {
  return (
    <Suspense fallback={null}>
      <KpiHomePanel />
    </Suspense>
  );
}
