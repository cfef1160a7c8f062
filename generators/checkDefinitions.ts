// `npm run build` runs this first: a broken definition stops the build with the file and the path in it.
import { DefinitionError, loadDefinitions } from '../meta/load.js';
import { repoRoot } from './paths.js';

try {
  const defs = loadDefinitions(repoRoot);
  console.log(`definitions ok: ${defs.entities.size} entities, ${defs.pages.size} pages`);
} catch (e) {
  if (e instanceof DefinitionError) {
    console.error(e.message);
    process.exit(1);
  }
  throw e;
}
