import { fileURLToPath } from 'node:url';
import { dirname, resolve } from 'node:path';

/** The repository; SRM_GEN_ROOT points the generator at a copy (the migration proof edits entities in a temp copy). */
export const repoRoot = process.env.SRM_GEN_ROOT ? resolve(process.env.SRM_GEN_ROOT) : resolve(dirname(fileURLToPath(import.meta.url)), '..');
