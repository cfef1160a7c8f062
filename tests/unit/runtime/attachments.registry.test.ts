// @vitest-environment jsdom
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import reqEdit from '../../../modules/requisition/pages/requisitionEdit.page.json';
import req from '../../../modules/requisition/entities/srmPoRequisition.entity.json';
import myCompanyEdit from '../../../modules/supplier/pages/myCompanyEdit.page.json';
import supplierEdit from '../../../modules/supplier/pages/supplierEdit.page.json';
import supplier from '../../../modules/supplier/entities/srmPosSupplierInfo.entity.json';
import { loadDefinitions } from '../../../meta/load.js';
import type { EntityDefinition, Grid, PageDefinition } from '../../../runtime/definitions.js';
import { cellTypes, registerBuiltIns, widgets } from '../../../runtime/index.js';
import { buildFormSchema, defaultWidget } from '../../../runtime/form/schema.js';
import { configErrors } from '../../../runtime/grid/configErrors.js';
import { buildColumnModels } from '../../../runtime/grid/columns.js';
import { def, fakeEnv } from './helpers.js';

const menus = loadDefinitions(join(__dirname, '..', '..', '..')).menus;

registerBuiltIns();
const env = fakeEnv();
const reqEntity = def<EntityDefinition>(req);

describe('attachment registration', () => {
  it('registers the form widget `attachment` and the grid cell type `upload`', () => {
    expect(widgets.has('attachment')).toBe(true);
    expect(cellTypes.has('upload')).toBe(true);
    const upload = cellTypes.get('upload');
    expect(upload.format('1,2,3', undefined as never, undefined as never)).toBe('3');
    expect(upload.format(null, undefined as never, undefined as never)).toBe('0');
    expect(upload.editor).toBe('none');
  });

  it('fields of type attachments default to the attachment widget and the upload cell', () => {
    expect(defaultWidget(reqEntity.fields.attachmentIds)).toBe('attachment');
    const grid = { columns: [{ key: 'attachmentIds', attachmentConfig: {} }] } as Grid;
    expect(buildColumnModels(grid, reqEntity, env)[0].cellType).toBe('upload');
  });

  it('an upload column without attachmentConfig raises the §8 error (shown above the grid, not thrown)', () => {
    const grid = { columns: [{ key: 'attachmentIds' }] } as Grid;
    expect(configErrors(grid, buildColumnModels(grid, reqEntity, env))).toEqual([{ key: 'grid.errors.attachmentConfig', column: 'attachmentIds' }]);
    const explicit = { columns: [{ key: 'title', cellType: 'upload' }] } as Grid;
    expect(configErrors(explicit, buildColumnModels(explicit, reqEntity, env))).toEqual([{ key: 'grid.errors.attachmentConfig', column: 'title' }]);
    expect(env.t('grid.errors.attachmentConfig')).toBe('Table column is not setting attachmentConfig');
  });

  it('the requisition form carries the widget, its config and the upload context', () => {
    const { uiSchema, schema } = buildFormSchema(def<PageDefinition>(reqEdit), reqEntity, env, { record: { status: 'DRAFT' }, readOnly: false });
    const ui = uiSchema.attachmentIds as Record<string, unknown>;
    expect(ui['ui:widget']).toBe('attachment');
    const options = ui['ui:options'] as Record<string, unknown>;
    expect(options.functionId).toBe('srmPoRequisition');
    expect(options.businessKey).toBe(reqEntity.key);
    expect((options.attachment as { path: string }).path).toBe('order/requisition');
    expect((schema.properties!.attachmentIds as { type: unknown }).type).toEqual(['string', 'null']);
  });

  it('supplier pages show the attachments too', () => {
    for (const page of [myCompanyEdit, supplierEdit]) {
      const { uiSchema } = buildFormSchema(def<PageDefinition>(page), def<EntityDefinition>(supplier), env, { record: {}, readOnly: false });
      expect((uiSchema.attachmentIds as Record<string, unknown>)['ui:widget']).toBe('attachment');
    }
  });

  it("the menus offer the attachment resources (the supplier's own company: read only)", () => {
    const found: Record<string, string[]> = {};
    const walk = (nodes: { menuCode: string; resources?: { resourceCode: string }[]; children?: unknown[] }[]) => {
      for (const n of nodes) {
        found[n.menuCode] = (n.resources ?? []).map((r) => r.resourceCode);
        walk((n.children ?? []) as never);
      }
    };
    walk((menus as unknown as { menus: never[] }).menus);
    for (const menu of ['REQUISITION', 'SUPPLIER_LIST']) {
      expect(found[menu]).toEqual(expect.arrayContaining(['btnUploadAttachment', 'btnPreviewAttachment', 'btnDownloadAttachment', 'btnDelAttachment']));
    }
    // The supplier's own company: its files are read there, changed only through a change request.
    expect(found.MY_COMPANY).toEqual(expect.arrayContaining(['btnPreviewAttachment', 'btnDownloadAttachment']));
    expect(found.MY_COMPANY).not.toContain('btnUploadAttachment');
    expect(found.MY_COMPANY).not.toContain('btnDelAttachment');
  });
});
