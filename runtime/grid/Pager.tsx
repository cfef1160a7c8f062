import { Pagination } from '@arco-design/web-react';
import { useRuntimeEnv } from '../env.js';

export interface PagerProps {
  page: number;
  pageSize: number;
  total: number;
  sizes: number[];
  onChange(page: number, pageSize: number): void;
}

export function Pager({ page, pageSize, total, sizes, onChange }: PagerProps) {
  const env = useRuntimeEnv();
  return (
    <div className="srm-grid-pager" style={{ display: 'flex', justifyContent: 'flex-end', padding: '8px 0' }}>
      <Pagination
        size="small"
        current={page}
        pageSize={pageSize}
        total={total}
        sizeCanChange
        sizeOptions={sizes}
        showJumper
        showTotal={(t: number) => env.t('pager.total', { total: t })}
        onChange={(p: number, size?: number) => onChange(p, size ?? pageSize)}
      />
    </div>
  );
}
