// The definition checker refuses aggregates that the aggregate action could not serve.
import { describe, expect, it } from 'vitest';
import { entityAggregateProblems, measureKey } from '../../../meta/aggregates.js';
import type { EntityDefinition } from '../../../meta/definitions.js';

const text = { CN: 'x', EN: 'x', TH: 'x', VN: 'x' };
const entity = (aggregates: EntityDefinition['aggregates']): EntityDefinition =>
  ({
    name: 'srmThing',
    area: 'srmServer',
    table: 'srm_thing',
    key: 'thingId',
    label: text,
    fields: {
      thingId: { type: 'id' },
      title: { type: 'string' },
      amount: { type: 'decimal' },
      due: { type: 'date' },
      secret: { type: 'string', serverOnly: true },
    },
    aggregates,
  }) as EntityDefinition;

describe('aggregate definitions', () => {
  it('accepts groups, a month bucket and the five measures', () => {
    const e = entity([
      {
        name: 'all',
        groupBy: ['title'],
        bucket: { field: 'due', unit: 'month' },
        measures: [
          { fn: 'count' },
          { fn: 'sum', field: 'amount' },
          { fn: 'avg', field: 'amount' },
          { fn: 'min', field: 'due' },
          { fn: 'max', field: 'amount' },
        ],
      },
    ]);
    expect(entityAggregateProblems(e)).toEqual([]);
    expect(e.aggregates![0].measures.map(measureKey)).toEqual(['count', 'sumAmount', 'avgAmount', 'minDue', 'maxAmount']);
  });

  it('names each mistake by its path', () => {
    const e = entity([
      {
        name: 'a',
        groupBy: ['nope', 'secret'],
        bucket: { field: 'title', unit: 'month' },
        measures: [{ fn: 'sum', field: 'title' }, { fn: 'avg' }, { fn: 'count' }, { fn: 'count' }],
      },
      { name: 'a', measures: [{ fn: 'max', field: 'amount', as: 'month' }], bucket: { field: 'due', unit: 'month' } },
    ]);
    expect(entityAggregateProblems(e)).toEqual([
      '/aggregates/0/groupBy/0 nope is not a field that can group rows',
      '/aggregates/0/groupBy/1 secret is not a field that can group rows',
      '/aggregates/0/bucket/field title must be a date or datetime field',
      '/aggregates/0/measures/0/field title must be a number for sum',
      '/aggregates/0/measures/1/field avg needs a field',
      '/aggregates/0/measures/3 answer key count is used twice (give the measure another "as")',
      '/aggregates/1/name a is declared twice',
      '/aggregates/1/measures/0 answer key month is used twice (give the measure another "as")',
    ]);
  });
});
