// A home card drawn from a dashboard page definition (a module's KPIs as data, `homePanels.page`): its
// widgets in a grid, each loading its own data with the reader's rights. The definitions come from the
// module chunks (the widgets' entities with them); the page runtime is not needed.
import { Grid } from '@arco-design/web-react';
import { useEffect, useState } from 'react';
import { WidgetCard } from '../../../runtime/dashboard/DashboardPage';
import { registerDashboardWidgets } from '../../../runtime/dashboard/builtInWidgets';
import { loadPageDefinitions, peekPageDefinitions, type PageDefinitions } from '../../app/definitions';

// A reload straight onto the home draws this card before (or without) the page runtime.
registerDashboardWidgets();

export default function HomeDashboard({ pageName }: { pageName: string }) {
  const [defs, setDefs] = useState<PageDefinitions | null | undefined>(() => peekPageDefinitions(pageName));
  useEffect(() => {
    if (defs) return;
    let alive = true;
    // A chunk that fails to load leaves the card out; the home keeps its other cards.
    loadPageDefinitions(pageName).then(
      (d) => alive && setDefs(d),
      () => undefined,
    );
    return () => {
      alive = false;
    };
  }, [pageName, defs]);
  if (!defs) return null;
  return (
    <Grid.Row gutter={[16, 16]} data-testid="home-dashboard" data-page={pageName}>
      {(defs.page.widgets ?? []).map((w) => {
        const entity = defs.entities[w.source.entity];
        return entity ? (
          <Grid.Col key={w.name} xs={24} md={w.span ?? 12}>
            <WidgetCard widget={w} entity={entity} />
          </Grid.Col>
        ) : null;
      })}
    </Grid.Row>
  );
}
