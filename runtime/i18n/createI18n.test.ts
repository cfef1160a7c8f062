import { describe, expect, it } from 'vitest';
import { createI18n, mergeBundles, setLanguage } from './createI18n';
import { isLanguage, readStoredLanguage } from './languages';

describe('i18n', () => {
  it('merges runtime and app bundles, app strings win', () => {
    const merged = mergeBundles([{ CN: { actions: { add: '新增', save: '保存' } } }, { CN: { actions: { add: '添加' }, shell: { title: '标题' } } }]);
    expect(merged.CN).toEqual({ actions: { add: '添加', save: '保存' }, shell: { title: '标题' } });
    expect(merged.EN).toEqual({});
  });

  it('uses the contract codes as i18next languages and switches', async () => {
    const i18n = createI18n({
      bundles: [{ CN: { hello: '你好' }, EN: { hello: 'Hello' }, TH: { hello: 'สวัสดี' }, VN: { hello: 'Xin chào' } }],
      language: 'CN',
    });
    expect(i18n.language).toBe('CN');
    expect(i18n.t('hello')).toBe('你好');
    await setLanguage(i18n, 'TH');
    expect(i18n.language).toBe('TH');
    expect(i18n.t('hello')).toBe('สวัสดี');
  });

  it('ignores unknown stored languages', () => {
    const storage = { getItem: () => 'FR' } as unknown as Storage;
    expect(readStoredLanguage(storage)).toBe('CN');
    expect(isLanguage('VN')).toBe(true);
    expect(isLanguage('vn')).toBe(false);
  });
});
