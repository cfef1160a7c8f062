import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv } from 'ajv';

/**
 * Ajv instances by the meta schemas they hold (directory and texts): compiling the meta schemas was about
 * a third of a server start's CPU (loadDefinitions, the definition service and the devtools routes each
 * compiled their own), and a process that starts many servers (the API tests' worker runs file after file)
 * paid it every time. Same texts, same schemas: the compiled instance is shared. Callers only read
 * (getSchema), and a validator's `errors` are read right after its synchronous call.
 */
const instances = new Map<string, Ajv>();

/** An Ajv instance holding every meta schema, addressable by its $id (srm:meta/...). */
export function metaAjv(metaDir: string): Ajv {
  const texts = readdirSync(metaDir)
    .filter((n) => n.endsWith('.schema.json'))
    .map((f) => readFileSync(join(metaDir, f), 'utf8'));
  const key = `${metaDir}\n${texts.join('\n')}`;
  const known = instances.get(key);
  if (known) return known;
  const ajv = new Ajv({ allErrors: true, strict: true, allowUnionTypes: true });
  ajv.addKeyword({ keyword: 'tsType' });
  for (const text of texts) ajv.addSchema(JSON.parse(text) as object);
  instances.set(key, ajv);
  return ajv;
}
