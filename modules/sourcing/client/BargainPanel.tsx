// A bargaining round: the chosen suppliers (those who quoted) may quote again until the new deadline.
import { useState } from 'react';
import { Button, DatePicker, Select, Space } from '@arco-design/web-react';
import { useRuntimeEnv } from '../../../runtime/env';

interface Props {
  suppliers: { supplierId: number; supplierName: string; quoteStatus: string | null }[];
  busy: boolean;
  onStart(supplierIds: number[], deadline: string): Promise<void>;
}

export function BargainPanel({ suppliers, busy, onStart }: Props) {
  const env = useRuntimeEnv();
  const [ids, setIds] = useState<number[]>([]);
  const [deadline, setDeadline] = useState<string | undefined>();
  return (
    <Space wrap style={{ marginTop: 16 }}>
      <span>{env.t('sourcing.compare.bargain')}</span>
      <Select
        mode="multiple"
        style={{ width: 360 }}
        placeholder={env.t('sourcing.compare.bargainSuppliers')}
        value={ids}
        onChange={setIds}
        options={suppliers.filter((s) => s.quoteStatus === 'QUOTED').map((s) => ({ label: s.supplierName, value: s.supplierId }))}
      />
      <DatePicker
        showTime
        format="YYYY-MM-DD HH:mm:ss"
        value={deadline}
        onChange={(v: string) => setDeadline(v)}
        placeholder={env.t('sourcing.compare.newDeadline')}
      />
      <Button loading={busy} disabled={!ids.length || !deadline} onClick={() => void onStart(ids, deadline!)}>
        {env.t('sourcing.compare.startBargain')}
      </Button>
    </Space>
  );
}
