import { describe, expect, it } from 'vitest';
import { createRegistry } from '../../../runtime/registry/registry.js';

describe('registry', () => {
  it('looks up by exact name and throws on duplicates and unknown names', () => {
    const r = createRegistry<number>('cell type');
    r.register('text', 1);
    expect(r.get('text')).toBe(1);
    expect(r.has('Text')).toBe(false);
    expect(() => r.register('text', 2)).toThrow('cell type "text" is already registered');
    expect(() => r.get('tex')).toThrow('Unknown cell type "tex" (registered: text)');
    expect(r.names()).toEqual(['text']);
  });
});
