import type { RuntimeEnv, Language } from '../../../runtime/env.js';
import { runtimeLocales, type LocaleTree } from '../../../runtime/locales/index.js';

export function fakeT(language: Language = 'EN') {
  return (key: string, vars?: Record<string, unknown>): string => {
    let node: string | LocaleTree | undefined = runtimeLocales[language];
    for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
    if (typeof node !== 'string') return key;
    return node.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(vars?.[k] ?? ''));
  };
}

export function fakeEnv(overrides: Partial<RuntimeEnv> = {}): RuntimeEnv {
  return {
    api: async () => ({ status: 'S', msg: '', data: null as never }),
    notify: () => undefined,
    confirm: async () => true,
    navigate: () => undefined,
    t: fakeT('EN'),
    language: 'EN',
    can: () => true,
    ...overrides,
  };
}

/** JSON imports widen literal unions (type: string); definitions are validated by meta/ elsewhere. */
export function def<T>(json: unknown): T {
  return json as T;
}
