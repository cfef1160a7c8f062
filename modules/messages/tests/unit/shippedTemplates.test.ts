// Every module's messageTemplates.json is complete (four languages per channel, only declared variables),
// and the check that guards the start catches what it must.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { moduleDirs } from '../../../../meta/load.js';
import type { MessageTemplateSeed } from '../../../../server/modules/types.js';
import { templateProblems } from '../../seed/shipped.js';

const root = join(import.meta.dirname, '../../../..');
const shipped = moduleDirs(root)
  .map((m) => ({ module: m.name, file: join(m.dir, 'messageTemplates.json') }))
  .filter((m) => existsSync(m.file))
  .map((m) => ({ ...m, templates: (JSON.parse(readFileSync(m.file, 'utf8')) as { templates: MessageTemplateSeed[] }).templates }));

const sample: MessageTemplateSeed = {
  code: 'X_DONE',
  name: 'x',
  description: 'x',
  variables: [{ name: 'documentNumber', type: 'STRING', required: true, description: 'n' }],
  contents: {
    SITE: {
      CN: { subject: '{{documentNumber}}', content: '完成 {{documentNumber}}' },
      EN: { subject: null, content: 'Done {{documentNumber}}' },
      TH: { subject: null, content: 'เสร็จ {{documentNumber}}' },
      VN: { subject: null, content: 'Xong {{documentNumber}}' },
    },
  },
  source: { code: 'X_DONE', name: 'x', event: 'x.done', optional: true },
};

describe('shipped message templates', () => {
  it('are shipped by several modules, codes unique across them', () => {
    expect(shipped.map((s) => s.module)).toEqual(expect.arrayContaining(['order', 'workflow', 'sourcing']));
    const codes = shipped.flatMap((s) => s.templates.map((t) => t.code));
    expect(new Set(codes).size).toBe(codes.length);
  });

  it.each(shipped.map((s) => [s.module, s.templates] as const))('of module %s have every language and only declared variables', (_m, templates) => {
    for (const t of templates) expect(templateProblems(t), t.code).toEqual([]);
  });

  it('the check names a missing language and an undeclared variable', () => {
    expect(templateProblems(sample)).toEqual([]);
    const { TH: _gone, ...rest } = sample.contents.SITE!;
    const broken = { ...sample, contents: { SITE: { ...rest, VN: { subject: null, content: 'Xong {{orderNo}}' } } } } as unknown as MessageTemplateSeed;
    expect(templateProblems(broken)).toEqual(['SITE has no TH text', 'SITE VN uses the undeclared variable {{orderNo}}']);
  });
});
