// Materials as other modules need them: the unit a document line takes from its material.
import type { Db } from '../../../server/db/connect.js';
import { typed } from '../../../server/db/typed.js';
import type { BaseTables } from '../generated/tables.js';
import type { MaterialUnit } from '../api.js';

export async function materialUnits(db: Db, ids: readonly number[]): Promise<MaterialUnit[]> {
  if (ids.length === 0) return [];
  const rows = await typed<BaseTables>(db)
    .selectFrom('srm_base_material')
    .select(['material_id', 'material_code', 'material_name', 'uom_code', 'enabled_flag'])
    .where('material_id', 'in', [...ids])
    .orderBy('material_id')
    .execute();
  return rows.map((r) => ({
    materialId: Number(r.material_id),
    materialCode: r.material_code,
    materialName: r.material_name,
    uomCode: r.uom_code,
    enabled: r.enabled_flag !== 'N',
  }));
}
