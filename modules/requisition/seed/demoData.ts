// The demo company's requisitions: one per state, some in other organisations and purchase groups.
export const REQUISITIONS: [string, string, string][] = [
  ['生产线改造钢材采购', 'DRAFT', '2026-11-02'],
  ['Q4 电子元器件备货', 'SUBMITTED', '2026-10-28'],
  ['包装材料月度补货', 'APPROVED', '2026-10-15'],
  ['设备维修备件', 'REJECTED', '2026-10-20'],
  ['新产品试制物料', 'DRAFT', '2026-11-10'],
  ['仓库劳保用品', 'APPROVED', '2026-09-30'],
  ['Packaging for Thailand plant', 'SUBMITTED', '2026-11-05'],
  ['Spare bearings for line 3', 'DRAFT', '2026-11-12'],
  // The workflow's demo budget check (PR_BUDGET_CHECK) fails on it: 53,000 CNY over a 50,000 CNY budget.
  ['实验室仪器采购', 'SUBMITTED', '2026-11-18'],
];

/** Estimated unit prices (CNY) of each demo requisition's two lines: "Packaging for Thailand plant" totals
 *  above 100,000 CNY (110 × 380 + 160 × 420 = 109,000), so the PR_APPROVAL process routes it to approver02 too. */
export const REQUISITION_PRICES: [number, number][] = [
  [85, 120],
  [42.5, 18],
  [12, 6.8],
  [230, 95],
  [15, 22],
  [9.9, 35],
  [380, 420],
  [160, 75],
  [200, 150],
];

/**
 * Organisation and purchase group of each demo requisition (by index above; null: none), so that the
 * ByPermission list differs from the plain one: buyer01 (HQ, G01) is permitted exactly the first two.
 */
export const REQUISITION_PERMITS: [string | null, string | null][] = [
  ['HQ', 'G01'],
  ['HQ', 'G01'],
  ['HQ', 'G02'],
  ['HQ-EAST', 'G02'],
  ['HQ-EAST', 'G01'],
  ['HQ', null],
  ['HQ-TH', 'G01'],
  [null, 'G01'],
  ['HQ-EAST', 'G02'],
];
