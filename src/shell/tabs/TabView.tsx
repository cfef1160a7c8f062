import { memo, useMemo } from 'react';
import { ExHome, InHome } from '../../pages/home/Homes';
import { FramePage } from '../../pages/misc/Frames';
import { EditUserCenterPage, UserCenterPage } from '../../pages/user/UserCenter';
import { DefinitionPage } from '../../pages/runtime/DefinitionPage';
import { SHELL_PAGES, pageNameOf } from './tabRules';

/**
 * What one tab shows, derived from the tab's own path rather than the router location: inactive
 * tabs stay mounted (keep-alive) and must not react to the address of the active one.
 */
export const TabView = memo(function TabView({ path }: { path: string }) {
  const { pathname, params } = useMemo(() => {
    const url = new URL(path, 'http://tab.invalid');
    return { pathname: url.pathname, params: Object.fromEntries(url.searchParams) };
  }, [path]);

  switch (pathname) {
    case SHELL_PAGES.inHome:
      return <InHome />;
    case SHELL_PAGES.exHome:
      return <ExHome />;
    case SHELL_PAGES.testIframes:
      return <FramePage params={params} titleKey="shell.iframe.testTitle" />;
    case SHELL_PAGES.iframe:
      return <FramePage params={params} titleKey="shell.iframe.title" />;
    case SHELL_PAGES.userCenter:
      return <UserCenterPage />;
    case SHELL_PAGES.editUserCenter:
      return <EditUserCenterPage />;
    default:
      return <DefinitionPage pageName={pageNameOf(pathname)} params={params} />;
  }
});
