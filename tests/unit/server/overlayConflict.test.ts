// Overlay states: which definition is effective, and when an upgrade of the shipped file is a conflict.
import { describe, expect, it } from 'vitest';
import { definitionHash, effectiveOf, hasConflict, pageStates, sourceOf } from '../../../server/definitions/effective.js';
import type { OverlayRow } from '../../../server/modules/services.js';
import type { PageDefinition } from '../../../meta/definitions.js';

const shipped = {
  name: 'base/bankList',
  kind: 'list',
  entity: 'srmBaseBank',
  title: 'x',
  grid: { columns: [{ key: 'bankCode', width: 100 }] },
} as PageDefinition;
const overlay = { ...shipped, grid: { columns: [{ key: 'bankCode', width: 300 }] } } as PageDefinition;
let id = 0;
const row = (over: Partial<OverlayRow>): OverlayRow => ({
  overlayId: ++id,
  kind: 'page',
  name: 'base/bankList',
  status: 'PUBLISHED',
  version: 1,
  content: JSON.stringify(overlay),
  shippedFlag: 'N',
  shippedHash: definitionHash(shipped),
  comment: null,
  createdBy: 1,
  createdByName: null,
  creationDate: '2026-11-22 00:00:00',
  versionNum: 1,
  ...over,
});
const stateOf = (rows: OverlayRow[], ship: PageDefinition | null = shipped) => pageStates(new Map(ship ? [[ship.name, ship]] : []), rows).get('base/bankList')!;

describe('overlay states', () => {
  it('hashes definitions canonically (key order and $schema do not matter)', () => {
    expect(definitionHash({ b: 1, a: [1, { d: 2, c: 3 }] })).toBe(definitionHash({ $schema: 'x', a: [1, { c: 3, d: 2 }], b: 1 }));
    expect(definitionHash({ a: 1 })).not.toBe(definitionHash({ a: 2 }));
    expect(definitionHash(null)).toBeNull();
  });

  it('uses the highest published version; a draft changes nothing', () => {
    const s = stateOf([row({ version: 2 }), row({ version: 1, content: JSON.stringify(shipped) }), row({ status: 'DRAFT', version: null, content: '{}' })]);
    expect(s.current!.version).toBe(2);
    expect(effectiveOf(s)).toEqual(overlay);
    expect(sourceOf(s)).toBe('overlay');
    expect(s.draft).not.toBeNull();
    expect(sourceOf(stateOf([row({ status: 'DRAFT', version: null })]))).toBe('shipped');
  });

  it('a back-to-shipped version makes the shipped file effective again', () => {
    const s = stateOf([row({ version: 1 }), row({ version: 2, shippedFlag: 'Y', content: null })]);
    expect(effectiveOf(s)).toBe(shipped);
    expect(sourceOf(s)).toBe('shipped');
    expect(hasConflict(s)).toBe(false);
  });

  it('is a conflict only while an overlay is effective over a shipped file that changed since', () => {
    expect(hasConflict(stateOf([row({})]))).toBe(false);
    const upgraded = { ...shipped, title: 'changed by an upgrade' } as PageDefinition;
    const s = stateOf([row({})], upgraded);
    expect(hasConflict(s)).toBe(true);
    expect(effectiveOf(s)).toEqual(overlay); // the overlay stays effective until resolved
    expect(hasConflict(stateOf([row({ shippedHash: definitionHash(upgraded) })], upgraded))).toBe(false);
    // A new page (no shipped file) is no conflict; one that later appears in the repository is.
    expect(hasConflict(stateOf([row({ shippedHash: null })], null))).toBe(false);
    expect(sourceOf(stateOf([row({ shippedHash: null })], null))).toBe('new');
    expect(hasConflict(stateOf([row({ shippedHash: null })]))).toBe(true);
  });
});
