// What became of the demo registrations' suppliers (by company, see registrationData.ts): the lifecycle
// history as approved status changes, and the state each one is in now.
export interface DemoChange {
  change: 'QUALIFY' | 'FREEZE' | 'UNFREEZE' | 'BLACKLIST' | 'QUIT';
  category?: string;
  from: string;
  to: string;
  reason: string;
  endDate?: string;
  status: 'DRAFT' | 'SUBMITTED' | 'APPROVED' | 'REJECTED';
  date: string;
}

export const LIFECYCLE: Record<string, { now: string; qualified: string[]; changes: DemoChange[] }> = {
  // POTENTIAL; its qualification for RAW waits for approval.
  东莞立信五金制品有限公司: {
    now: 'POTENTIAL',
    qualified: [],
    changes: [
      {
        change: 'QUALIFY',
        category: 'RAW',
        from: 'POTENTIAL',
        to: 'QUALIFIED',
        reason: '样品检测合格，现场审核 86 分',
        status: 'SUBMITTED',
        date: '2026-11-18 10:00:00',
      },
    ],
  },
  // Qualified for ELEC, then frozen after late deliveries until the end of March.
  'Hanoi Cable Manufacturing JSC': {
    now: 'FROZEN',
    qualified: ['ELEC'],
    changes: [
      {
        change: 'QUALIFY',
        category: 'ELEC',
        from: 'POTENTIAL',
        to: 'QUALIFIED',
        reason: '小批量试产通过，质量稳定',
        status: 'APPROVED',
        date: '2026-09-20 15:00:00',
      },
      {
        change: 'FREEZE',
        from: 'QUALIFIED',
        to: 'FROZEN',
        reason: '连续三批交货延迟超过 10 天',
        endDate: '2027-03-31',
        status: 'APPROVED',
        date: '2026-11-10 09:00:00',
      },
    ],
  },
  // Qualified for RAW, then blacklisted for forged material certificates.
  无锡旭日金属材料有限公司: {
    now: 'BLACKLISTED',
    qualified: ['RAW'],
    changes: [
      { change: 'QUALIFY', category: 'RAW', from: 'POTENTIAL', to: 'QUALIFIED', reason: '材质报告与抽检一致', status: 'APPROVED', date: '2026-08-30 10:00:00' },
      {
        change: 'BLACKLIST',
        from: 'QUALIFIED',
        to: 'BLACKLISTED',
        reason: '提供伪造的材质证明',
        endDate: '2029-12-31',
        status: 'APPROVED',
        date: '2026-10-25 17:00:00',
      },
    ],
  },
};
