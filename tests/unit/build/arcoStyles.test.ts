// Which Arco components a module imports decides which styles its chunk carries (scripts/vite/arcoStyles.ts).
import { describe, expect, it } from 'vitest';
import { arcoComponents } from '../../../scripts/vite/arcoStyles';
import { cacheControlFor } from '../../../server/http/assetCaching';

describe('arcoComponents', () => {
  it('reads named imports over several lines, with aliases, and skips type-only ones', () => {
    const code = [
      "import { Button, Input as TextInput,\n  Table } from '@arco-design/web-react';",
      "import type { TableProps } from '@arco-design/web-react';",
      'import { type FormInstance, Form } from "@arco-design/web-react";',
      "import { IconUser } from '@arco-design/web-react/icon';",
    ].join('\n');
    expect(arcoComponents(code).sort()).toEqual(['Button', 'Form', 'Input', 'Table']);
  });
});

describe('cacheControlFor', () => {
  it('keeps hashed assets a year and revalidates pages', () => {
    expect(cacheControlFor('assets/main-D9iutw1e.js')).toBe('public, max-age=31536000, immutable');
    expect(cacheControlFor('assets\\main-D9iutw1e.js')).toBe('public, max-age=31536000, immutable');
    expect(cacheControlFor('index.html')).toBe('no-cache');
    expect(cacheControlFor('designer/index.html')).toBe('no-cache');
  });
});
