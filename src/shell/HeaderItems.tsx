// The header controls modules declare (`headerItems` of a client module: the message bell, the to-do
// badge), drawn in their order with the same RuntimeEnv a page gets, so a module's control calls the
// server and navigates like its pages do. Loading the client parts is shared with the runtime.
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { RuntimeEnvContext, type Language } from '../../runtime/env';
import type { HeaderItemDef } from '../../runtime/registry/types';
import { loadClientModules, loadClientServices } from '../app/clientServices';
import { createEnv } from '../app/createEnv';

function useHeaderItems(): [string, HeaderItemDef][] {
  const [items, setItems] = useState<[string, HeaderItemDef][]>([]);
  useEffect(() => {
    let alive = true;
    // The services first: a module's control may call a slot (live) before the runtime registered them.
    loadClientServices()
      .then(loadClientModules)
      .then(
        (clients) => {
          const all = clients.flatMap((c) => Object.entries(c.headerItems ?? {}));
          if (alive) setItems(all.sort((a, b) => a[1].order - b[1].order || a[0].localeCompare(b[0])));
        },
        // Without the client parts (a chunk failed to load) the header keeps its own controls.
        () => undefined,
      );
    return () => {
      alive = false;
    };
  }, []);
  return items;
}

// Buttons are per menu (SPEC: resources per menuId_respId); the header belongs to no menu.
const NO_RESOURCES: ReadonlySet<string> = new Set();

export function HeaderItems() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const items = useHeaderItems();
  const env = useMemo(() => createEnv({ t, language: i18n.language as Language, resources: NO_RESOURCES, navigate }), [t, i18n.language, navigate]);
  if (items.length === 0) return null;
  return (
    <RuntimeEnvContext.Provider value={env}>
      {items.map(([name, item]) => (
        <span key={name} className="srm-header-item" data-testid={`header-item-${name}`}>
          <item.component />
        </span>
      ))}
    </RuntimeEnvContext.Provider>
  );
}
