import { Layout, Message } from '@arco-design/web-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import type { Language } from '../../runtime/env';
import { homePath, logout, refreshCurrentUser } from '../app/auth';
import { clearResourceCache } from '../app/resources';
import { loadEffectivePages, watchDefinitionChanges } from '../app/effectivePages';
import { updateSession, useSession, type Id, type UserSession } from '../app/session';
import { Header } from './Header';
import { namesMenuCodes, resolveMenuCodes } from './menuContext';
import { menuRoute, useMenus, type MenuNode } from './menus';
import { usePrefetchMenuPages } from './prefetchMenuPages';
import { ShellContext } from './ShellContext';
import { SideMenu } from './SideMenu';
import { paneId, tabId, TabsBar } from './tabs/TabsBar';
import { TabView } from './tabs/TabView';
import { useTabs } from './useTabs';
import { useUnsavedGuard } from './useUnsavedGuard';
import { FirstPasswordPage } from '../pages/user/FirstPassword';

export function MainLayout() {
  const session = useSession();
  // The guard only renders this for a signed-in user; the check keeps the types honest after logout.
  if (!session) return null;
  // An administrator's initial password is changed before anything else is shown (docs/shell.md).
  return session.passwordChangeRequired ? <FirstPasswordPage /> : <SignedInLayout session={session} />;
}

function SignedInLayout({ session }: { session: UserSession }) {
  const { i18n, t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const home = homePath(session.userType);
  const language = i18n.language as Language;
  const menusState = useMenus(session.respId, language);
  usePrefetchMenuPages(menusState.menus);
  const tabs = useTabs(home);
  const [collapsed, setCollapsed] = useState(false);
  const contentRef = useRef<HTMLDivElement>(null);
  const unsavedGuard = useUnsavedGuard(contentRef);

  // Responsibility names arrive in the request's language, so they are fetched again on a switch.
  useEffect(() => {
    refreshCurrentUser().catch((error: unknown) => {
      if (error instanceof Error) Message.error(error.message);
    });
  }, [language]);

  // Pages published in the designer replace the bundled ones (and new pages appear) without a rebuild.
  useEffect(() => {
    void loadEffectivePages();
    return watchDefinitionChanges();
  }, [session.userId]);

  // A link naming its menus by code (an inbox notice) opens under the first one held (menuContext.ts).
  useEffect(() => {
    if (!namesMenuCodes(location.search) || menusState.status === 'loading') return;
    navigate(resolveMenuCodes(location.pathname + location.search + location.hash, menusState.menus, session.respId), { replace: true });
  }, [location, menusState, navigate, session.respId]);

  // The spec scrolls to the top after every navigation.
  useEffect(() => {
    contentRef.current?.scrollTo?.({ top: 0 });
  }, [location.key]);

  const openMenu = useCallback(
    (menu: MenuNode) => {
      const route = menuRoute(menu, session.respId);
      // A menu of an app of its own (the designer at /designer) leaves the shell.
      if (/^\/(designer)(\/|\?|$)/.test(route)) window.location.assign(route);
      else navigate(route);
    },
    [navigate, session.respId],
  );
  const shell = useMemo(() => ({ menus: menusState.menus, openMenu }), [menusState.menus, openMenu]);

  const switchResp = (respId: Id) =>
    unsavedGuard('all', () => {
      updateSession({ respId });
      clearResourceCache();
      tabs.reset();
      navigate(home);
    });

  const doLogout = () =>
    unsavedGuard('all', () => {
      void logout().then(() => navigate('/login', { replace: true }));
    });
  const others = (key: string) => tabs.state.tabs.map((tab) => tab.key).filter((k) => k !== key);

  const active = tabs.state.tabs.find((tab) => tab.key === tabs.state.activeKey);
  const selectedMenuId = active ? (new URL(active.path, 'http://x.invalid').searchParams.get('menuId') ?? undefined) : undefined;

  return (
    <ShellContext.Provider value={shell}>
      <Layout className="srm-layout">
        {/* First in the tab order: past the header and the menu straight to the page. */}
        <a
          className="srm-skip-link"
          href="#srm-main"
          data-testid="skip-link"
          onClick={(e) => {
            // Focus moves without a fragment in the address: the router owns the URL (tabs follow it).
            e.preventDefault();
            document.getElementById('srm-main')?.focus();
          }}
        >
          {t('shell.header.skipToContent')}
        </a>
        <Layout.Header className="srm-layout-header">
          <Header session={session} onSwitchResp={switchResp} onLogout={doLogout} />
        </Layout.Header>
        <Layout className="srm-layout-body">
          <Layout.Sider className="srm-sider" collapsible collapsed={collapsed} onCollapse={setCollapsed} width={248} breakpoint="lg">
            <SideMenu state={menusState} selectedMenuId={selectedMenuId} collapsed={collapsed} onOpen={openMenu} onExpand={() => setCollapsed(false)} />
          </Layout.Sider>
          <Layout.Content className="srm-content" id="srm-main" tabIndex={-1}>
            <TabsBar
              state={tabs.state}
              menus={menusState.menus}
              onActivate={tabs.activate}
              onClose={(key) => unsavedGuard([key], () => tabs.close(key))}
              onRefresh={(key) => unsavedGuard([key], () => tabs.refresh(key))}
              onCloseOthers={(key) => unsavedGuard(others(key), () => tabs.closeOthers(key))}
            />
            <div className="srm-tab-panes" ref={contentRef}>
              {tabs.state.tabs.map((tab, index) => {
                const isActive = tab.key === tabs.state.activeKey;
                if (!isActive && !tab.cache) return null;
                return (
                  <div
                    key={tab.key}
                    className="srm-tab-pane"
                    role="tabpanel"
                    id={paneId(index)}
                    aria-labelledby={tabId(index)}
                    data-tab-key={tab.key}
                    hidden={!isActive}
                    data-testid={`pane-${tab.routeName}`}
                  >
                    <TabView key={tab.version} path={tab.path} />
                  </div>
                );
              })}
            </div>
          </Layout.Content>
        </Layout>
      </Layout>
    </ShellContext.Provider>
  );
}
