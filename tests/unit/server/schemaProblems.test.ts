// The designer's format errors in words: one message per problem, the place named as a designer sees it.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { metaAjv } from '../../../meta/ajv.js';
import { placeOf, schemaProblems } from '../../../server/definitions/schemaProblems.js';

const ajv = metaAjv(join(import.meta.dirname, '../../../schemas/meta'));
const validate = ajv.getSchema('srm:meta/page')!;

const text = (cn: string) => ({ CN: cn, EN: 'Materials', TH: 'วัสดุ', VN: 'Vật tư' });
const page = (patch: Record<string, unknown> = {}) => ({
  name: 'base/materialList',
  kind: 'list',
  entity: 'srmBaseMaterial',
  title: text('物料'),
  grid: { columns: [{ key: 'materialCode' }, { key: 'materialName', title: text('名称') }] },
  ...patch,
});

function problems(content: unknown, lang: 'CN' | 'EN' | 'TH' | 'VN' = 'CN') {
  expect(validate(content)).toBe(false);
  return schemaProblems(validate.errors ?? [], content, lang);
}

describe('schemaProblems', () => {
  it('a text missing one language is one problem that names the language, in the user language', () => {
    const content = page({ title: { CN: '物料', EN: 'Materials', TH: '', VN: 'Vật tư' } });
    expect(problems(content)).toEqual([{ path: '/title', message: '页面 › 标题：四种语言都必须填写，还缺：泰文' }]);
    expect(problems(content, 'TH')[0].message).toBe('หน้า › ชื่อเรื่อง: ต้องกรอกครบทั้งสี่ภาษา ยังขาด: ภาษาไทย');
  });

  it('a column title without two languages names the column by its field', () => {
    const content = page({ grid: { columns: [{ key: 'materialCode' }, { key: 'materialName', title: { CN: '名称', EN: 'Name' } }] } });
    expect(problems(content, 'EN')).toEqual([
      { path: '/grid/columns/1/title', message: 'Page › Table › Column 2 "materialName" › Title: all four languages are required; missing: Thai, Vietnamese' },
    ]);
  });

  it('a removed title says it is required in all four languages; no JSON path and no Ajv branch noise', () => {
    const { title: _t, ...rest } = page();
    const list = problems(rest);
    expect(list).toHaveLength(1);
    expect(list[0].message).toBe('页面 › 标题：必须填写，中文、英文、泰文、越南文四种语言都要填');
    expect(list[0].message).not.toMatch(/\/|oneOf|string/);
  });

  it('other errors keep their detail, placed in words', () => {
    const content = page({ grid: { columns: [{ key: 'materialCode', width: -5 }] } });
    expect(problems(content).map((p) => p.message)).toEqual(['页面 › 表格 › 第 1 列「materialCode」 › 宽度：不能小于 20'.replace('20', String(minWidth()))]);
  });

  it('placeOf names toolbar buttons and search fields', () => {
    const content = page({ search: [{ field: 'materialCode' }], grid: { columns: [], toolbar: [{ name: 'add' }] } });
    expect(placeOf('/grid/toolbar/0/label', content, 'CN')).toBe('页面 › 表格 › 工具栏按钮「add」 › 名称');
    expect(placeOf('/search/0', content, 'VN')).toBe('Trang › Điều kiện tìm "materialCode"');
  });
});

function minWidth(): number {
  const schema = ajv.getSchema('srm:meta/page')!.schema as { $defs: { column: { properties: { width: { minimum: number } } } } };
  return schema.$defs.column.properties.width.minimum;
}
