// The risk score: the weights of each warning type and level, the reasons grouped and largest first, the cap
// at 100; and the connector's reading of the service's answer (a malformed one is a failure, not "no risk").
import { describe, expect, it } from 'vitest';
import { MAX_SCORE, pointsOf, scoreOf } from '../../server/risk/score.js';
import { parseSignals } from '../../server/risk/connector.js';

describe('risk score', () => {
  it('weighs each warning type, and business signals by level', () => {
    expect(pointsOf('BLACKLIST_HIT', null)).toBe(60);
    expect(pointsOf('CERT_EXPIRED', null)).toBe(20);
    expect(pointsOf('QUESTIONNAIRE_OVERDUE', null)).toBe(10);
    expect(pointsOf('CERT_EXPIRING', null)).toBe(5);
    expect([pointsOf('RISK', 'HIGH'), pointsOf('RISK', 'MEDIUM'), pointsOf('RISK', 'LOW')]).toEqual([30, 15, 5]);
    expect(pointsOf('SOMETHING_ELSE', null)).toBe(0);
  });

  it('is zero without warnings', () => {
    expect(scoreOf([])).toEqual({ score: 0, reasons: [] });
  });

  it('sums the points and gives the reasons grouped by type and level, largest first', () => {
    const s = scoreOf([
      { warningType: 'CERT_EXPIRING' },
      { warningType: 'RISK', riskLevel: 'MEDIUM' },
      { warningType: 'RISK', riskLevel: 'MEDIUM' },
      { warningType: 'RISK', riskLevel: 'LOW' },
      { warningType: 'CERT_EXPIRED', riskLevel: 'HIGH' },
    ]);
    expect(s.score).toBe(5 + 15 + 15 + 5 + 20);
    expect(s.reasons).toEqual([
      { warningType: 'RISK', riskLevel: 'MEDIUM', count: 2, points: 30 },
      { warningType: 'CERT_EXPIRED', riskLevel: null, count: 1, points: 20 },
      { warningType: 'CERT_EXPIRING', riskLevel: null, count: 1, points: 5 },
      { warningType: 'RISK', riskLevel: 'LOW', count: 1, points: 5 },
    ]);
  });

  it('stops at 100 but keeps every reason', () => {
    const s = scoreOf([{ warningType: 'BLACKLIST_HIT' }, { warningType: 'RISK', riskLevel: 'HIGH' }, { warningType: 'RISK', riskLevel: 'HIGH' }]);
    expect(s.score).toBe(MAX_SCORE);
    expect(s.reasons.reduce((sum, r) => sum + r.points, 0)).toBe(120);
  });
});

describe('risk answer', () => {
  it('reads the agreed shape, the level in any case, the id falling back to code and day', () => {
    expect(parseSignals({ signals: [{ code: 'LAWSUIT', level: 'high', title: 'x', occurredAt: '2026-11-02T08:00:00Z' }] })).toEqual([
      { id: 'LAWSUIT|2026-11-02', code: 'LAWSUIT', level: 'HIGH', title: 'x', occurredAt: '2026-11-02' },
    ]);
    expect(parseSignals({ signals: [] })).toEqual([]);
  });

  it('refuses what is not the agreed shape', () => {
    expect(parseSignals({})).toBeNull();
    expect(parseSignals({ signals: [{ id: '1', code: 'X', level: 'SEVERE', occurredAt: '2026-11-02' }] })).toBeNull();
    expect(parseSignals({ signals: [{ id: '1', code: 'X', level: 'LOW', occurredAt: 'yesterday' }] })).toBeNull();
    expect(parseSignals({ signals: ['x'] })).toBeNull();
  });
});
