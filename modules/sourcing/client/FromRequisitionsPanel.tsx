// Edit-page addon on a draft inquiry: add lines from approved requisition lines instead of typing them.
// The server lists only lines no open inquiry holds and copies material, quantity, unit and required date
// with the source line's reference (requisitionLinesForInquiry / doAddRequisitionLines).
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Button, Input, Space, Table } from '@arco-design/web-react';
import { useRuntimeEnv } from '../../../runtime/env';
import type { EditAddonProps } from '../../../runtime/registry/types';
import { errorText, sourcingCalls, type RequisitionLineOption } from './calls';

export function FromRequisitionsPanel({ page, record, reload }: EditAddonProps) {
  const env = useRuntimeEnv();
  const t = env.t;
  const calls = useMemo(() => sourcingCalls(env), [env]);
  const inquiryId = record ? Number(record.inquiryId) : null;
  const show = page.name === 'sourcing/inquiryEdit' && record !== null && record.status === 'DRAFT' && env.can('btnSave');
  const [search, setSearch] = useState('');
  const [rows, setRows] = useState<RequisitionLineOption[]>([]);
  const [chosen, setChosen] = useState<number[]>([]);
  const [busy, setBusy] = useState(false);
  const load = useCallback(
    async (text: string) => {
      try {
        setRows(await calls.requisitionLines(text));
        setChosen([]);
      } catch (e) {
        env.notify('error', errorText(e));
      }
    },
    [calls, env],
  );
  useEffect(() => {
    if (show) void load('');
  }, [show, load]);
  if (!show || inquiryId === null) return null;
  const add = async () => {
    setBusy(true);
    try {
      await calls.addRequisitionLines(inquiryId, chosen);
      env.notify('success', t('sourcing.fromReq.added', { count: chosen.length }));
      await reload();
      await load(search);
    } catch (e) {
      env.notify('error', errorText(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div data-testid="src-from-req" className="srm-addon-box">
      <h3 style={{ fontSize: 15, margin: '0 0 8px' }}>{t('sourcing.fromReq.title')}</h3>
      <Space wrap style={{ marginBottom: 8 }}>
        <Input.Search
          data-testid="src-from-req-search"
          style={{ width: 280 }}
          allowClear
          placeholder={t('sourcing.fromReq.search')}
          value={search}
          onChange={setSearch}
          onSearch={(v) => void load(v)}
        />
        <Button type="primary" loading={busy} disabled={chosen.length === 0} data-testid="src-from-req-add" onClick={() => void add()}>
          {t('sourcing.fromReq.add')}
        </Button>
      </Space>
      <Table
        data-testid="src-from-req-table"
        size="small"
        rowKey="requisitionLineId"
        pagination={rows.length > 10 ? { pageSize: 10, size: 'small' } : false}
        noDataElement={<span>{t('sourcing.fromReq.none')}</span>}
        data={rows}
        rowSelection={{ type: 'checkbox', selectedRowKeys: chosen, onChange: (keys) => setChosen(keys.map(Number)) }}
        columns={[
          { title: t('sourcing.fromReq.requisition'), dataIndex: 'requisitionNumber', render: (v: string, r) => `${v} ${r.title ?? ''}` },
          { title: t('sourcing.fromReq.line'), dataIndex: 'lineNumber', width: 70 },
          { title: t('sourcing.fromReq.material'), dataIndex: 'materialIdDisplay' },
          { title: t('sourcing.fromReq.quantity'), dataIndex: 'quantity', width: 100 },
          { title: t('sourcing.fromReq.unit'), dataIndex: 'uomCode', width: 80 },
          { title: t('sourcing.fromReq.needBy'), dataIndex: 'needByDate', width: 120 },
        ]}
      />
    </div>
  );
}
