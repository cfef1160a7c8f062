// A few KPIs of requisitions on the internal home, drawn by the same widgets as a dashboard page. The
// widgets are data (like a page's `widgets`); the family is reached through its REST actions with the
// reader's rights. Only users whose menus read requisitions get the card (its homePanels entry says which).
import { Grid } from '@arco-design/web-react';
import { WidgetCard } from '../../../runtime/dashboard/DashboardPage';
import type { EntityDefinition } from '../../../runtime/definitions';
import type { WidgetDefinition } from '../../../runtime/dashboard/types';

/** What the widgets need of the family: where it is served and its key (no fields are shown). */
const REQUISITION = { name: 'srmPoRequisition', area: 'srmServer', key: 'requisitionId', fields: {} } as unknown as EntityDefinition;

const T = (CN: string, EN: string, TH: string, VN: string) => ({ CN, EN, TH, VN });
const COUNT = T('数量', 'Count', 'จำนวน', 'Số lượng');

const WIDGETS: { span: number; widget: WidgetDefinition }[] = [
  {
    span: 8,
    widget: {
      name: 'homeSubmitted',
      type: 'stat',
      title: T('审批中的采购申请', 'Requisitions awaiting approval', 'ใบขอซื้อที่รออนุมัติ', 'Yêu cầu chờ phê duyệt'),
      source: { entity: 'srmPoRequisition', aggregate: 'byStatus', params: { status: 'SUBMITTED' } },
      values: [{ key: 'count' }],
    },
  },
  {
    span: 8,
    widget: {
      name: 'homeByStatus',
      type: 'chart',
      chart: 'pie',
      height: 200,
      title: T('采购申请按状态', 'Requisitions by status', 'ใบขอซื้อตามสถานะ', 'Yêu cầu theo trạng thái'),
      source: { entity: 'srmPoRequisition', aggregate: 'byStatus' },
      category: 'status',
      values: [{ key: 'count', label: COUNT }],
    },
  },
  {
    span: 8,
    widget: {
      name: 'homeByMonth',
      type: 'chart',
      chart: 'bar',
      height: 200,
      title: T('每月采购申请', 'Requisitions per month', 'ใบขอซื้อรายเดือน', 'Yêu cầu theo tháng'),
      source: { entity: 'srmPoRequisition', aggregate: 'byMonth' },
      category: 'month',
      values: [{ key: 'count', label: COUNT }],
    },
  },
];

export default function KpiHomePanel() {
  return (
    <Grid.Row gutter={[16, 16]} data-testid="home-kpis">
      {WIDGETS.map(({ span, widget }) => (
        <Grid.Col key={widget.name} xs={24} md={span}>
          <WidgetCard widget={widget} entity={REQUISITION} />
        </Grid.Col>
      ))}
    </Grid.Row>
  );
}
