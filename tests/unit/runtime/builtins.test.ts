// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { actions, cellTypes, pageKinds, registerBuiltIns, widgets } from '../../../runtime/index.js';
import pageSchema from '../../../schemas/meta/page.schema.json';

const cellTypeEnum = pageSchema.$defs.column.properties.cellType.enum;

describe('registerBuiltIns', () => {
  it('registers every built-in once and is idempotent', () => {
    registerBuiltIns();
    registerBuiltIns();
    expect(pageKinds.names().sort()).toEqual(['edit', 'list', 'tree']);
    expect(actions.names().sort()).toEqual([
      'addChild',
      'addLine',
      'addRoot',
      'back',
      'deleteLines',
      'downloadFile',
      'move',
      'notify',
      'openEdit',
      'operation',
      'refresh',
      'save',
      'saveRows',
    ]);
    // Every cell type of SPEC §3 (page.schema.json's cellType enum).
    for (const t of cellTypeEnum) expect(cellTypes.has(t), t).toBe(true);
    for (const w of ['text', 'textarea', 'number', 'lookup', 'date', 'datetime', 'checkbox', 'display', 'reference', 'richtext'])
      expect(widgets.has(w)).toBe(true);
    expect(() => cellTypes.get('sparkline')).toThrow(/Unknown cell type "sparkline"/);
  });
});
