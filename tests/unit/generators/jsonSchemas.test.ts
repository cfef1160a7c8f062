// The standalone JSON Schema files (meta/generated/jsonschema, written by `npm run gen`): one per family,
// each compiling on its own under draft 2020-12 and accepting what the contract sends, refusing what it does not.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { entityJsonSchema } from '../../../meta/familySchemas.js';
import { isFamily } from '../../../meta/definitions.js';
import { loadDefinitions } from '../../../meta/load.js';

// ajv-formats is CommonJS; its default export arrives wrapped under ESM.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule) as typeof addFormatsModule;
const root = join(__dirname, '..', '..', '..');
const dir = join(root, 'meta', 'generated', 'jsonschema');
const defs = loadDefinitions(root);

function compiled(name: string) {
  const ajv = new Ajv2020({ strict: true, allErrors: true });
  addFormats(ajv);
  ajv.addSchema(JSON.parse(readFileSync(join(dir, `${name}.schema.json`), 'utf8')) as object);
  return (def: string) => ajv.getSchema(`srm:entity/${name}#/$defs/${def}`)!;
}

describe('JSON Schema files per family', () => {
  it('exist for every family and no other, each as generated', () => {
    const families = [...defs.entities.values()]
      .filter(isFamily)
      .map((e) => `${e.name}.schema.json`)
      .sort();
    expect(readdirSync(dir).sort()).toEqual(families);
    for (const e of [...defs.entities.values()].filter(isFamily)) {
      expect(JSON.parse(readFileSync(join(dir, `${e.name}.schema.json`), 'utf8')), e.name).toEqual(entityJsonSchema(defs, e));
    }
  });

  it('hold the record, line entities by name, params and every operation request and answer; all compile strictly', () => {
    for (const e of [...defs.entities.values()].filter(isFamily)) {
      const s = JSON.parse(readFileSync(join(dir, `${e.name}.schema.json`), 'utf8')) as { $defs: Record<string, unknown> };
      const actions = [
        'findById',
        'listByPage',
        'saveOrUpdate',
        'doBatchSaveOrUpdate',
        'delete',
        'doBatchDelete',
        ...(e.status?.transitions ?? []).map((t) => t.action),
      ];
      for (const a of actions) expect(Object.keys(s.$defs), `${e.name}.${a}`).toEqual(expect.arrayContaining([`${a}Request`, `${a}Answer`]));
      const get = compiled(e.name);
      for (const k of Object.keys(s.$defs)) expect(get(k), `${e.name}#${k}`).toBeTypeOf('function');
    }
  }, 120_000);

  it('validates requisition requests and answers as the wire contract has them', () => {
    const get = compiled('srmPoRequisition');
    const list = get('listByPageRequest');
    expect(list({ params: { status: ['DRAFT', 'REJECTED'], requisitionId: 3, requestDateFrom: '2026-01-01' }, pageIndex: 1, pageRows: 20 })).toBe(true);
    expect(list({ params: { requisitionId: 'three' } })).toBe(false);
    expect(list({ params: { noSuchFilter: 1 } })).toBe(false);
    expect(get('doSubmitRequest')({ id: 1, versionNum: 2 })).toBe(true);
    expect(get('doSubmitRequest')({ versionNum: 2 })).toBe(false);
    const save = get('saveOrUpdateRequest');
    expect(save({ title: 'PR', requestDate: '2026-01-01', lines: [{ lineNumber: 10, quantity: 2 }] })).toBe(true);
    expect(save({ title: 'PR', lines: [{ quantity: 'two' }] })).toBe(false);
    const answer = get('listByPageAnswer');
    expect(answer({ status: 'S', msg: '', data: [{ title: 'PR' }], page: { count: 1, curIndex: 1, pageRows: 20, estimated: false } })).toBe(true);
    expect(answer({ status: 'X', msg: '', data: [] })).toBe(false);
  });
});
