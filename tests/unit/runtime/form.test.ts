import { describe, expect, it } from 'vitest';
import bankEdit from '../../../modules/base/pages/bankEdit.page.json';
import bank from '../../../modules/base/entities/srmBaseBank.entity.json';
import reqEdit from '../../../modules/requisition/pages/requisitionEdit.page.json';
import req from '../../../modules/requisition/entities/srmPoRequisition.entity.json';
import type { EntityDefinition, PageDefinition } from '../../../runtime/definitions.js';
import { buildFormSchema, emptyRecord } from '../../../runtime/form/schema.js';
import { localizeErrors } from '../../../runtime/form/validation.js';
import { createPrecompiledFormValidator } from '../../../runtime/form/precompiledValidator.js';
import { validators } from '../../../src/generated/validators.js';
import { YN_ERROR, ynChecked, ynValue } from '../../../runtime/form/yn.js';
import { fieldLabel, resolveText } from '../../../runtime/text/resolveText.js';
import { fakeEnv, fakeT, def } from './helpers.js';

const env = fakeEnv();

describe('text', () => {
  it('resolves keys through t and objects by language', () => {
    expect(resolveText('actions.add', env)).toBe('Add');
    expect(resolveText({ CN: '银行', EN: 'Bank', TH: 'ธนาคาร', VN: 'Ngân hàng' }, { ...env, language: 'TH' })).toBe('ธนาคาร');
    expect(fieldLabel(def<EntityDefinition>(bank), 'bankCode', { t: fakeT('CN'), language: 'CN' })).toBe('银行编码');
    expect(fieldLabel(def<EntityDefinition>(bank), 'creationDate', { t: fakeT('VN'), language: 'VN' })).toBe('Ngày tạo');
    // A reference's display column is titled like its field; other unknown keys stay as they are.
    expect(fieldLabel(def<EntityDefinition>(req), 'institutionIdDisplay', { t: fakeT('TH'), language: 'TH' })).toBe('องค์กรจัดซื้อ');
    expect(fieldLabel(def<EntityDefinition>(req), 'titleDisplay', { t: fakeT('CN'), language: 'CN' })).toBe('titleDisplay');
  });
});

describe('form schema', () => {
  it('builds required, maxLength, widgets and layout from the entity', () => {
    const { schema, uiSchema } = buildFormSchema(def<PageDefinition>(bankEdit), def<EntityDefinition>(bank), env, { record: {}, readOnly: false });
    expect(schema.required).toEqual(['bankCode', 'bankName']);
    expect(schema.properties?.bankCode).toMatchObject({ title: 'Bank code', type: 'string', maxLength: 30 });
    expect(schema.properties?.enabledFlag).toMatchObject({ enum: ['Y', 'N', null] });
    expect(uiSchema.countryCode).toMatchObject({ 'ui:widget': 'lookup', 'ui:options': { lookup: 'COUNTRY' } });
    expect(uiSchema.remark).toMatchObject({ 'ui:widget': 'textarea', 'ui:options': { span: 2 } });
    expect(uiSchema['ui:options']).toEqual({ columns: 2 });
  });
  it('evaluates readOnly conditions against the record and mode=view', () => {
    const page = def<PageDefinition>(reqEdit);
    const entity = def<EntityDefinition>(req);
    const draft = buildFormSchema(page, entity, env, { record: { status: 'DRAFT' }, readOnly: false });
    expect(draft.uiSchema.title['ui:readonly']).toBe(false);
    expect(draft.schema.required).toContain('title');
    const submitted = buildFormSchema(page, entity, env, { record: { status: 'SUBMITTED' }, readOnly: false });
    expect(submitted.uiSchema.title['ui:readonly']).toBe(true);
    expect(submitted.schema.required).not.toContain('title');
    const view = buildFormSchema(page, entity, env, { record: { status: 'DRAFT' }, readOnly: true });
    expect(view.uiSchema.requestDate['ui:readonly']).toBe(true);
  });
  it('starts a new record with defaults, initial status and empty lines', () => {
    expect(emptyRecord(def<EntityDefinition>(req))).toEqual({ currencyCode: 'CNY', status: 'DRAFT', budgetChecked: 'N', lines: [] });
  });
  it('validates with localised messages', () => {
    const { schema } = buildFormSchema(
      def<PageDefinition>(bankEdit),
      def<EntityDefinition>(bank),
      { t: fakeT('CN'), language: 'CN' },
      { record: {}, readOnly: false },
    );
    const formValidator = createPrecompiledFormValidator(validators.srmBaseBank);
    const { errors } = formValidator.validateFormData({ bankName: 'x'.repeat(201), enabledFlag: 'X' }, schema);
    const messages = localizeErrors(errors, schema, { t: fakeT('CN') }).map((e) => e.message);
    expect(messages).toContain('银行编码不能为空');
    expect(messages).toContain('银行名称长度不能超过 200 个字符');
    expect(messages).toContain(YN_ERROR);
  });
  it('checks only the fields the form shows, and leaves empty values to the required check', () => {
    const { schema } = buildFormSchema(def<PageDefinition>(bankEdit), def<EntityDefinition>(bank), env, { record: {}, readOnly: false });
    const formValidator = createPrecompiledFormValidator(validators.srmBaseBank);
    const hidden = { properties: { bankCode: schema.properties?.bankCode ?? {} }, required: [], type: 'object' as const };
    expect(formValidator.validateFormData({ bankName: 'x'.repeat(201) }, hidden).errors).toEqual([]);
    const { errors } = formValidator.validateFormData({ bankCode: 'B1', bankName: '', remark: null }, schema);
    expect(errors.map((e) => `${e.name}:${e.property}`)).toEqual(['required:.bankName']);
    expect(formValidator.validateFormData({ bankCode: 'B1', bankName: 'N', enabledFlag: 'Y' }, schema).errors).toEqual([]);
  });
  it('without a precompiled validator still checks what the form requires', () => {
    const { schema } = buildFormSchema(def<PageDefinition>(bankEdit), def<EntityDefinition>(bank), env, { record: {}, readOnly: false });
    const { errors } = createPrecompiledFormValidator(undefined).validateFormData({ bankName: 'x' }, schema);
    expect(errors.map((e) => e.property)).toEqual(['.bankCode']);
  });
});

describe('YN checkbox', () => {
  it('toggles between the two values and rejects anything else', () => {
    expect(ynChecked('Y')).toBe(true);
    expect(ynChecked('N')).toBe(false);
    expect(ynChecked(undefined)).toBe(false);
    expect(() => ynChecked('X')).toThrow(YN_ERROR);
    expect(ynChecked(true, { trueValue: true, falseValue: false })).toBe(true);
    expect(ynValue(true)).toBe('Y');
    expect(ynValue(false)).toBe('N');
  });
});
