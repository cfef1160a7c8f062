// Submit-time checks without a server: cron expressions (croner) and parameters against a program's schema.
import { describe, expect, it } from 'vitest';
import { AppError } from '../../../../server/errors.js';
import { checkedCron, nextCronRun } from '../../server/cron.js';
import { checkedParams } from '../../server/params.js';
import { parseRunAt } from '../../server/time.js';
import type { ProgramParamsSchema } from '../../../../server/modules/types.js';

const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    if (e instanceof AppError) return { key: e.key, params: e.params };
    throw e;
  }
  throw new Error('not refused');
};

describe('cron', () => {
  it('accepts five and six fields and finds the next time in UTC', () => {
    expect(checkedCron(' 0  8 * * * ')).toBe('0 8 * * *');
    expect(nextCronRun('0 8 * * *', new Date('2026-11-25T09:00:00Z'))?.toISOString()).toBe('2026-11-26T08:00:00.000Z');
    expect(nextCronRun('*/10 * * * * *', new Date('2026-11-25T09:00:01Z'))?.toISOString()).toBe('2026-11-25T09:00:10.000Z');
  });
  it('refuses nonsense, out-of-range fields and expressions that never fire', () => {
    expect(refusal(() => checkedCron('61 * * * *'))).toEqual({ key: 'scheduler.badCron', params: { cron: '61 * * * *' } });
    expect(refusal(() => checkedCron('every day')).key).toBe('scheduler.badCron');
    expect(refusal(() => checkedCron('')).key).toBe('scheduler.badCron');
    expect(refusal(() => checkedCron('0 0 30 2 *')).key).toMatch(/^scheduler\.(badCron|cronNeverRuns)$/);
  });
});

describe('parameters', () => {
  const schema: ProgramParamsSchema = {
    type: 'object',
    properties: {
      hours: { type: 'integer', minimum: 1, maximum: 100, default: 24 },
      mode: { type: 'string', enum: ['A', 'B'] },
      dry: { type: 'boolean' },
      name: { type: 'string', maxLength: 3 },
    },
    required: ['mode'],
  };
  it('fills defaults and reads numbers given as text', () => {
    expect(checkedParams(schema, { mode: 'A' })).toEqual({ hours: 24, mode: 'A' });
    expect(checkedParams(schema, '{"mode":"B","hours":"5","dry":true}')).toEqual({ hours: 5, mode: 'B', dry: true });
  });
  it('refuses what the schema does not allow', () => {
    expect(refusal(() => checkedParams(schema, {})).key).toBe('scheduler.paramRequired');
    expect(refusal(() => checkedParams(schema, { mode: 'A', x: 1 })).key).toBe('scheduler.paramUnknown');
    expect(refusal(() => checkedParams(schema, { mode: 'A', hours: 1.5 })).key).toBe('scheduler.paramType');
    expect(refusal(() => checkedParams(schema, { mode: 'A', hours: 0 })).params).toEqual({ name: 'hours', min: 1 });
    expect(refusal(() => checkedParams(schema, { mode: 'A', hours: 101 })).key).toBe('scheduler.paramMax');
    expect(refusal(() => checkedParams(schema, { mode: 'C' })).key).toBe('scheduler.paramEnum');
    expect(refusal(() => checkedParams(schema, { mode: 'A', name: 'long' })).key).toBe('scheduler.paramLength');
    expect(refusal(() => checkedParams(schema, [1])).key).toBe('scheduler.paramsNotObject');
    expect(refusal(() => checkedParams(undefined, { a: 1 })).key).toBe('scheduler.paramUnknown');
  });
});

describe('run time', () => {
  it('reads ISO times with a zone and bare times as UTC', () => {
    expect(parseRunAt('2026-12-01T08:00:00+07:00')?.toISOString()).toBe('2026-12-01T01:00:00.000Z');
    expect(parseRunAt('2026-12-01 08:00')?.toISOString()).toBe('2026-12-01T08:00:00.000Z');
    expect(parseRunAt('tomorrow')).toBeNull();
    expect(parseRunAt(5)).toBeNull();
  });
});

describe('pg-boss job ids', () => {
  it('are one UUID per dispatch', async () => {
    const { jobId } = await import('../../server/engine/pgBossEngine.js');
    const a = jobId({ requestId: 7, seq: 1 });
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(jobId({ requestId: 7, seq: 1 })).toBe(a);
    expect(jobId({ requestId: 7, seq: 2 })).not.toBe(a);
  });
});
