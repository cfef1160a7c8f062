// SPEC §2 relative paths of administration screens whose page definitions have other names open those
// pages through the route aliases (schemas/pages/aliases.json), not the not-found page.
import { describe, expect, it } from 'vitest';
import { findPage, resolvePageName } from './definitions';

describe('route aliases', () => {
  it.each([
    ['resp', 'systemsetting/responsibility'],
    ['responsibility/respSave', 'systemsetting/respSave'],
    ['lookup', 'base/lookupValuesList'],
    ['lookuptype', 'base/lookupTypeList'],
    ['lookupTypeEdit', 'base/lookupTypeEdit'],
  ])('/main/%s opens %s', (path, page) => {
    expect(resolvePageName(path)).toBe(page);
    expect(findPage(path)?.name).toBe(page);
  });

  it('leaves page names and unknown paths alone', () => {
    expect(findPage('systemsetting/respSave')?.name).toBe('systemsetting/respSave');
    expect(resolvePageName('nowhere')).toBe('nowhere');
    expect(findPage('nowhere')).toBeUndefined();
    expect(findPage('toString')).toBeUndefined();
  });
});
