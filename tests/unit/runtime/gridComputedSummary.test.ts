// A summary on a computed column sums the computed values: loaded rows do not carry the column's key.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadDefinitions } from '../../../meta/load.js';
import { footerText, summaryValue } from '../../../runtime/grid/cells.js';
import { toColumnModel } from '../../../runtime/grid/columns.js';
import type { Column, EntityDefinition } from '../../../runtime/definitions.js';

const currency = loadDefinitions(join(__dirname, '..', '..', '..')).entities.get('srmBaseCurrency') as unknown as EntityDefinition;
const env = { t: (k: string) => k, language: 'EN' as const };

describe('computed-summary column', () => {
  const column = {
    key: 'computed1',
    cellType: 'compute',
    isSummary: true,
    computedEvent: { expression: { op: '*', args: [{ field: 'decimalPlaces' }, { field: 'monthlyVolume' }] } },
  } as unknown as Column;
  const rows = [
    { decimalPlaces: 2, monthlyVolume: 1200000 },
    { decimalPlaces: 2, monthlyVolume: 120000.5 },
    { decimalPlaces: 0, monthlyVolume: 0.25 },
    { decimalPlaces: null, monthlyVolume: 5 },
  ];

  it('sums decimalPlaces × monthlyVolume over the rows and formats it with the compute precision', () => {
    const model = toColumnModel(column, currency, env);
    expect(summaryValue(model, rows)).toBe(2640001);
    expect(footerText(model, summaryValue(model, rows))).toBe('2,640,001.00');
  });

  it('a stored column still sums its stored values', () => {
    const model = toColumnModel({ key: 'monthlyVolume', isSummary: true } as unknown as Column, currency, env);
    expect(summaryValue(model, rows)).toBe(1320005.75);
  });

  it('a mean leaves empty cells out and reads numbers written as text (one pass over the rows)', () => {
    const model = toColumnModel({ key: 'monthlyVolume', isSummary: 'avg' } as unknown as Column, currency, env);
    expect(summaryValue(model, [{ monthlyVolume: '1,000' }, { monthlyVolume: null }, { monthlyVolume: 2 }, { monthlyVolume: '' }])).toBe(501);
    expect(summaryValue(model, [{ monthlyVolume: null }])).toBe(0);
    expect(
      summaryValue(toColumnModel({ key: 'monthlyVolume', isSummary: true } as unknown as Column, currency, env), [
        { monthlyVolume: 0.1 },
        { monthlyVolume: 0.2 },
      ]),
    ).toBe(0.3);
  });
});
