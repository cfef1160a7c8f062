// Arco's styles per component instead of its whole 560 KB stylesheet: every `import { Button, Table }
// from '@arco-design/web-react'` in our code gets `import '@arco-design/web-react/es/Button/style/css.js'`
// (and Table's) beside it, so a chunk carries the styles of the components it uses and the login page
// only those of its form. Each component's style file imports the base styles and those of the
// components it is built from (Table → Pagination, Spin, …), so nothing it draws is left unstyled.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';

const ARCO = '@arco-design/web-react';
const IMPORT = /import\s+(type\s+)?\{([^}]*)\}\s*from\s*['"]@arco-design\/web-react['"]/g;

/** The component names a module imports from Arco's index (type-only imports bring no styles). */
export function arcoComponents(code: string): string[] {
  const names = new Set<string>();
  for (const m of code.matchAll(IMPORT)) {
    if (m[1]) continue;
    for (const part of m[2].split(',')) {
      const spec = part.trim();
      if (!spec || spec.startsWith('type ')) continue;
      names.add(spec.split(/\s+as\s+/)[0].trim());
    }
  }
  return [...names];
}

export function arcoStyles(): Plugin {
  const esDir = join(dirname(createRequire(import.meta.url).resolve(`${ARCO}/package.json`)), 'es');
  const styleOf = (name: string) => (existsSync(join(esDir, name, 'style', 'css.js')) ? `${ARCO}/es/${name}/style/css.js` : null);
  return {
    name: 'srm-arco-styles',
    enforce: 'pre',
    transform(code, id) {
      if (id.includes('/node_modules/') || !/\.(tsx?|jsx?)$/.test(id.split('?')[0]) || !code.includes(ARCO)) return null;
      const styles = arcoComponents(code)
        .map(styleOf)
        .filter((s): s is string => s !== null);
      if (styles.length === 0) return null;
      return { code: `${styles.map((s) => `import '${s}';`).join('\n')}\n${code}`, map: null };
    },
  };
}
