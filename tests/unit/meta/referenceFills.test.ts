// A reference field's `fills` (issue 18 item 5): the definition check names a wrong field on either side,
// and the grid takes the named fields from the chosen record (empty values fill nothing).
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { crossCheck } from '../../../meta/crossCheck.js';
import { loadDefinitions } from '../../../meta/load.js';
import type { EntityDefinition } from '../../../meta/generated/definitions.js';
import { referenceFills } from '../../../runtime/grid/useReferenceOptions.js';

describe('reference fills', () => {
  it('the requisition line fills its unit from the material, and the check accepts it', () => {
    const defs = loadDefinitions(join(import.meta.dirname, '../../..'));
    expect(defs.entities.get('srmPoRequisitionLine')!.fields.materialId?.fills).toEqual({ uomCode: 'uomCode' });
    expect(crossCheck(defs).filter((l) => l.includes('fills'))).toEqual([]);
  });

  it('names a fill whose field does not exist on either side, or that has no reference', () => {
    const defs = loadDefinitions(join(import.meta.dirname, '../../..'));
    const line = structuredClone(defs.entities.get('srmPoRequisitionLine')!) as EntityDefinition;
    line.fields.materialId!.fills = { uomCode: 'uomCode', nope: 'materialName', remark: 'noSuchField' };
    line.fields.remark!.fills = { remark: 'x' };
    const entities = new Map(defs.entities).set(line.name, line);
    const problems = crossCheck({ ...defs, entities }).filter((l) => l.startsWith('entity srmPoRequisitionLine'));
    expect(problems).toEqual([
      'entity srmPoRequisitionLine: /fields/materialId/fills nope is not a writable field of srmPoRequisitionLine',
      'entity srmPoRequisitionLine: /fields/materialId/fills/remark noSuchField is not a field of srmBaseMaterial',
      'entity srmPoRequisitionLine: /fields/remark/fills needs references',
    ]);
  });

  it('takes the named fields from the chosen record, skipping empty ones', () => {
    const fills = { uomCode: 'uomCode', unitPrice: 'unitPrice', remark: 'specification' };
    expect(referenceFills(fills, { uomCode: 'KG', unitPrice: 6.8, specification: '' })).toEqual({ uomCode: 'KG', unitPrice: 6.8 });
    expect(referenceFills(fills, { specification: null })).toBeUndefined();
    expect(referenceFills(undefined, { uomCode: 'KG' })).toBeUndefined();
    expect(referenceFills(fills, undefined)).toBeUndefined();
  });
});
