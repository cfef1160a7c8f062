// The home cards modules declare (`homePanels` of a client module: the notices, a dashboard page's
// widgets), drawn on the internal or external home with the same RuntimeEnv a page gets, so a module's card calls the server like its pages.
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { RuntimeEnvContext, type Language } from '../../../runtime/env';
import type { HomePanelDef, HomePanelProps } from '../../../runtime/registry/types';
import { useSession } from '../../app/session';
import { loadClientModules, loadClientServices } from '../../app/clientServices';
import { createEnv } from '../../app/createEnv';
import { useShell } from '../../shell/ShellContext';
import { flattenPages, menuRoute, type MenuNode } from '../../shell/menus';

function menuCodes(nodes: readonly MenuNode[], into = new Set<string>()): Set<string> {
  for (const n of nodes) {
    into.add(n.menuCode);
    if (n.children) menuCodes(n.children, into);
  }
  return into;
}

// A dashboard card loads its definitions and the widgets on demand (echarts comes with the first chart).
const HomeDashboard = lazy(() => import('./HomeDashboard'));

// Cards belong to no menu: no button resources.
const NO_RESOURCES: ReadonlySet<string> = new Set();

export function HomePanels({ home }: { home: 'in' | 'ex' }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [panels, setPanels] = useState<[string, HomePanelDef][]>([]);
  useEffect(() => {
    let alive = true;
    // The services first: a module's control may call a slot (live) before the runtime registered them.
    loadClientServices()
      .then(loadClientModules)
      .then(
        (clients) => {
          const all = clients.flatMap((c) => Object.entries(c.homePanels ?? {})).filter(([, p]) => p.homes.includes(home));
          if (alive) setPanels(all.sort((a, b) => a[1].order - b[1].order || a[0].localeCompare(b[0])));
        },
        // Without the client parts (a chunk failed to load) the home keeps its own cards.
        () => undefined,
      );
    return () => {
      alive = false;
    };
  }, [home]);
  const env = useMemo(() => createEnv({ t, language: i18n.language as Language, resources: NO_RESOURCES, navigate }), [t, i18n.language, navigate]);
  const { menus } = useShell();
  const held = useMemo(() => menuCodes(menus), [menus]);
  const session = useSession();
  const respId = session?.respId ?? null;
  const props = useMemo<HomePanelProps>(
    () => ({
      openInMenu(menuCode, pageName, params) {
        const menu = flattenPages(menus).find((m) => m.menuCode === menuCode);
        if (!menu) return;
        const own = new URL(menuRoute(menu, respId), 'http://home.invalid');
        const path = pageName ? `/main/${pageName}` : own.pathname;
        const search = new URLSearchParams(Object.entries(params ?? {}).map(([k, v]) => [k, String(v)]));
        for (const key of ['menuId', 'respId']) search.set(key, own.searchParams.get(key) ?? '-1');
        navigate(`${path}?${search.toString()}`);
      },
      menuOfPage(listPage) {
        return flattenPages(menus).find((m) => (m.htmlUrl ?? '').split('?')[0] === `/main/${listPage}`)?.menuCode;
      },
    }),
    [menus, respId, navigate],
  );
  const shown = panels.filter(([, p]) => !p.menus || p.menus.some((code) => held.has(code)));
  if (shown.length === 0) return null;
  return (
    <RuntimeEnvContext.Provider value={env}>
      {shown.map(([name, panel]) => (
        <div key={name} data-testid={`home-panel-${name}`}>
          {panel.component ? (
            <panel.component {...props} />
          ) : panel.page ? (
            <Suspense fallback={null}>
              <HomeDashboard pageName={panel.page} />
            </Suspense>
          ) : null}
        </div>
      ))}
    </RuntimeEnvContext.Provider>
  );
}
