// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { actions, cellTypes, pageKinds, registerBuiltIns, widgets } from '../../../runtime/index.js';

describe('registerBuiltIns', () => {
  it('registers every built-in once and is idempotent', () => {
    registerBuiltIns();
    registerBuiltIns();
    expect(pageKinds.names().sort()).toEqual(['edit', 'list']);
    expect(actions.names().sort()).toEqual(['addLine', 'back', 'deleteLines', 'openEdit', 'operation', 'refresh', 'save']);
    for (const t of ['text', 'number', 'price', 'amount', 'date', 'datetime', 'lookup', 'checkbox']) expect(cellTypes.has(t)).toBe(true);
    for (const w of ['text', 'textarea', 'number', 'lookup', 'date', 'datetime', 'checkbox', 'display']) expect(widgets.has(w)).toBe(true);
    expect(() => cellTypes.get('slot')).toThrow(/Unknown cell type "slot"/);
  });
});
