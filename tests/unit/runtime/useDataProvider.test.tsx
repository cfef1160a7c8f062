// @vitest-environment jsdom
// A page's data provider outlives a new environment object: the shell re-renders above a page and builds
// a new environment (a navigation elsewhere, a late permission list), and a page whose load keys on the
// provider must not reload then and lose the user's unsaved edits (a grid edit lost on a loaded machine).
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { describe, expect, it } from 'vitest';
import { RuntimeEnvContext, type RuntimeEnv } from '../../../runtime/env.js';
import type { EntityDefinition } from '../../../runtime/definitions.js';
import type { DataProvider } from '../../../runtime/data/dataProvider.js';
import { useDataProvider } from '../../../runtime/data/useDataProvider.js';
import { def, fakeEnv } from './helpers.js';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const entity = def<EntityDefinition>({
  name: 'srmThing',
  table: 'srm_thing',
  area: 'srmServer',
  key: 'id',
  label: { CN: '物', EN: 'Thing', TH: 'สิ่ง', VN: 'Vật' },
  fields: { id: { type: 'bigint' } },
});

function Probe({ seen }: { seen: DataProvider[] }) {
  seen.push(useDataProvider(entity));
  return null;
}

describe('useDataProvider', () => {
  it('keeps the provider across new environments with the same transport and language, and replaces it otherwise', () => {
    const seen: DataProvider[] = [];
    const api: RuntimeEnv['api'] = async () => ({ status: 'S', msg: '', data: [] as never });
    const root = createRoot(document.createElement('div'));
    const renderWith = (env: RuntimeEnv) =>
      act(() =>
        root.render(
          <RuntimeEnvContext.Provider value={env}>
            <Probe seen={seen} />
          </RuntimeEnvContext.Provider>,
        ),
      );
    renderWith(fakeEnv({ api }));
    renderWith(fakeEnv({ api, can: () => false }));
    renderWith(fakeEnv({ api, navigate: () => undefined }));
    expect(new Set(seen).size).toBe(1);
    renderWith(fakeEnv({ api: async () => ({ status: 'S', msg: '', data: [] as never }) }));
    expect(new Set(seen).size).toBe(2);
    // The server answers in the user's language: a new language loads again.
    renderWith(fakeEnv({ api, language: 'TH' }));
    expect(new Set(seen).size).toBe(3);
    act(() => root.unmount());
  });
});
