import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv } from 'ajv';

/** An Ajv instance holding every meta schema, addressable by its $id (srm:meta/...). */
export function createMetaAjv(metaDir: string): Ajv {
  const ajv = new Ajv({ allErrors: true, strict: true, allowUnionTypes: true });
  ajv.addKeyword({ keyword: 'tsType' });
  for (const f of readdirSync(metaDir).filter((n) => n.endsWith('.schema.json'))) {
    ajv.addSchema(JSON.parse(readFileSync(join(metaDir, f), 'utf8')) as object);
  }
  return ajv;
}
