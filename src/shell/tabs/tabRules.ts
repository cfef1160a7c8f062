// Which tab a /main path opens: its key (single or multi tab), title source and caching.
import { pageSummary } from '../../app/definitions';
import { routeName, type Tab } from './tabsModel';

export const SHELL_PAGES = {
  inHome: '/main/inHome',
  exHome: '/main/exHome',
  testIframes: '/main/testIframes',
  iframe: '/main/iframe',
  userCenter: '/main/userCenter',
  editUserCenter: '/main/userCenter/editUserCenter',
} as const;

export function pageNameOf(pathname: string): string {
  return pathname.replace(/^\/main\/?/, '').replace(/\/+$/, '');
}

export function describeTab(path: string, homePath: string): Omit<Tab, 'version'> {
  const url = new URL(path, 'http://tab.invalid');
  const pathname = url.pathname;
  const name = routeName(pathname);
  const search = url.searchParams;
  const base = { key: name, routeName: name, path, closable: pathname !== homePath, cache: true };

  switch (pathname) {
    case SHELL_PAGES.inHome:
      return { ...base, title: { key: 'shell.home.inHomeTitle' } };
    case SHELL_PAGES.exHome:
      return { ...base, title: { key: 'shell.home.exHomeTitle' } };
    case SHELL_PAGES.testIframes:
      return { ...base, cache: false, title: { key: 'shell.iframe.testTitle' } };
    case SHELL_PAGES.userCenter:
      return { ...base, cache: false, title: { key: 'security.userCenter.title' } };
    case SHELL_PAGES.editUserCenter:
      return { ...base, cache: false, title: { key: 'security.userCenter.editTitle' } };
    case SHELL_PAGES.iframe:
      // One tab per embedded address.
      return { ...base, key: `${name}?${search.get('url') ?? ''}`, title: { key: 'shell.iframe.title' } };
  }

  // The index knows every shipped page's kind and title: no definitions chunk is loaded for a tab title.
  const page = pageSummary(pageNameOf(pathname));
  const menuId = search.get('menuId') ?? undefined;
  if (page?.kind === 'edit') {
    // Edit pages are multi tabs: one per record, one for a new record.
    const id = search.get('id') ?? 'new';
    return { ...base, key: `${name}?id=${id}`, title: { text: page.title } };
  }
  return { ...base, title: { menuId, text: page?.title, key: page ? undefined : 'shell.notFound.title' } };
}
