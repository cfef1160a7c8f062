// The grid's pager (SPEC §2, §5, §9): sizer (20/50/100/200/500, 1000 where configured), jump-to-page,
// total (approximate when the server estimated the count), a custom page size, and on the left the
// number of rows selected across pages. The sizer and the jumper are our own labelled controls: Arco's put an
// aria-label on a role-less box and leave the jump input without a label (axe rates both serious or worse).
import { useState } from 'react';
import { Input, Pagination, Select } from '@arco-design/web-react';
import { useRuntimeEnv } from '../env.js';
import { checkCustomPageSize, sizerOptions } from './customPageSize.js';

export interface PagerProps {
  page: number;
  pageSize: number;
  total: number;
  sizes: number[];
  /** The count is the planner's estimate (listByPage `page.estimated`). */
  estimated?: boolean;
  /** Rows selected across pages; shown when given and above 0. */
  selectedCount?: number;
  onChange(page: number, pageSize: number): void;
}

export function Pager({ page, pageSize, total, sizes, estimated = false, selectedCount, onChange }: PagerProps) {
  const env = useRuntimeEnv();
  const [custom, setCustom] = useState('');
  const [jump, setJump] = useState('');
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const applyJump = () => {
    const n = Number(jump.trim());
    setJump('');
    if (jump.trim() === '' || !Number.isInteger(n)) return;
    const to = Math.min(pages, Math.max(1, n));
    if (to !== page) onChange(to, pageSize);
  };
  const applyCustom = () => {
    if (custom.trim() === '') return;
    const check = checkCustomPageSize(custom);
    if (!check.ok) {
      env.notify('warning', env.t(check.key, check.params));
      return;
    }
    setCustom('');
    if (check.size !== pageSize) onChange(1, check.size);
  };
  return (
    <div
      className="srm-grid-pager"
      data-testid="grid-pager"
      data-page={page}
      data-page-size={pageSize}
      data-total={total}
      style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 12, padding: '8px 0', flexWrap: 'wrap' }}
    >
      <span data-testid="grid-selected-count" data-count={selectedCount ?? 0} style={{ color: '#4e5969', fontSize: 13 }}>
        {selectedCount ? env.t('grid.selected', { count: selectedCount }) : ''}
      </span>
      <div style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
        <Pagination
          size="small"
          current={page}
          pageSize={pageSize}
          total={total}
          showTotal={(t: number) => (
            <span data-testid="grid-pager-total">{env.t(estimated ? 'gridPager.totalEstimated' : 'pager.total', { total: t.toLocaleString('en-US') })}</span>
          )}
          onChange={(p: number, size?: number) => onChange(p, size ?? pageSize)}
        />
        <Select
          size="small"
          style={{ width: 120 }}
          data-testid="grid-pager-size"
          aria-label={env.t('gridPager.pageSize')}
          value={pageSize}
          options={sizerOptions(sizes, pageSize).map((n) => ({ value: n, label: env.t('gridPager.perPage', { count: n }) }))}
          onChange={(size: number) => size !== pageSize && onChange(1, size)}
        />
        <span className="srm-grid-pager-goto">
          {env.t('gridPager.goto')}
          <Input
            size="small"
            style={{ width: 56, margin: '0 6px' }}
            data-testid="grid-pager-jump"
            aria-label={env.t('gridPager.gotoLabel')}
            value={jump}
            onChange={setJump}
            onPressEnter={applyJump}
            onBlur={applyJump}
          />
          {env.t('gridPager.page')}
        </span>
        <Input
          size="small"
          style={{ width: 136 }}
          data-testid="grid-pager-custom-size"
          placeholder={env.t('gridPager.customPlaceholder')}
          aria-label={env.t('gridPager.customPlaceholder')}
          value={custom}
          onChange={setCustom}
          onPressEnter={applyCustom}
          onBlur={applyCustom}
        />
      </div>
    </div>
  );
}
