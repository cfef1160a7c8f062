// Page kind "dashboard": the widgets of the definition in a 24-column grid, each in a card with its
// title, drawn by the registered dashboard widget its `type` names. Each widget loads its own data, so
// a slow or refused one does not hold the others back; a refused one says so in its card.
import { Card, Grid, Spin, Typography } from '@arco-design/web-react';
import { useCallback } from 'react';
import { useRuntimeEnv } from '../env.js';
import { dashboardWidgets } from '../registry/index.js';
import type { CustomPageProps } from '../registry/types.js';
import type { Row } from '../data/dataProvider.js';
import { resolveText } from '../text/index.js';
import { pageUrl } from '../pages/routing.js';
import type { EntityDefinition } from '../definitions.js';
import { useWidgetData } from './widgetData.js';
import type { WidgetDefinition } from './types.js';

/** One widget in its card, loading its own data: a dashboard's cell, or a home panel's (a module's KPIs). */
export function WidgetCard({ widget, entity, query = {} }: { widget: WidgetDefinition; entity: EntityDefinition; query?: CustomPageProps['query'] }) {
  const env = useRuntimeEnv();
  const data = useWidgetData(entity, widget);
  const { component: Widget } = dashboardWidgets.get(widget.type);
  const target = widget.openPage;
  const open = useCallback(
    (row?: Row) => {
      if (!target) return;
      const id = row?.[entity.key];
      env.navigate(pageUrl(target, id === undefined || id === null ? {} : { id: String(id), mode: 'view' }, query));
    },
    [env, target, entity.key, query],
  );
  return (
    <Card
      bordered={false}
      className="srm-widget-card"
      data-testid={`dashboard-widget-${widget.name}`}
      data-state={data.status}
      title={<Typography.Text className="srm-widget-title">{resolveText(widget.title, env)}</Typography.Text>}
    >
      {data.status === 'loading' ? (
        <Spin className="srm-widget-loading" />
      ) : data.status === 'failed' ? (
        <div className="srm-widget-empty" role="alert">
          {data.message}
        </div>
      ) : (
        <Widget widget={widget} entity={entity} rows={data.rows} open={target ? open : undefined} />
      )}
    </Card>
  );
}

export function DashboardPage({ page, entities, query }: CustomPageProps) {
  const env = useRuntimeEnv();
  return (
    <div className="srm-dashboard" data-testid="dashboard" data-page={page.name}>
      <Typography.Title heading={5} className="srm-dashboard-title">
        {resolveText(page.title, env)}
      </Typography.Title>
      <Grid.Row gutter={[16, 16]}>
        {(page.widgets ?? []).map((w) => {
          const entity = entities[w.source.entity];
          return (
            <Grid.Col key={w.name} xs={24} md={w.span ?? 12}>
              {entity ? <WidgetCard widget={w} entity={entity} query={query} /> : null}
            </Grid.Col>
          );
        })}
      </Grid.Row>
    </div>
  );
}
