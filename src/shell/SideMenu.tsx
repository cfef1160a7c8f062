// The left menu (docs/shell.md "Menu"): a navigation tree of our own, a disclosure pattern — folders are
// buttons with aria-expanded that show or hide their list, screens are links (aria-current on the open
// one). Arco's Menu put role="menu" around non-menu items and aria-controls on role-less headers, which
// axe rates critical. Folders start collapsed except those holding the current screen, which open whenever
// it changes; a search box above finds any screen by its title in the current language or by its route,
// and Enter opens the first match. With the sider collapsed only the top level shows, as icons; a folder
// icon widens the sider and opens the folder.
import { useEffect, useMemo, useState, type MouseEvent } from 'react';
import { Empty, Input, Spin } from '@arco-design/web-react';
import { IconDown, IconSearch } from '@arco-design/web-react/icon';
import { useTranslation } from 'react-i18next';
import { menuIcon } from './menuIcons';
import type { MenuNode, MenusState } from './menus';
import { folderKeysOf, isPageMenu, searchMenus } from './menus';

interface Props {
  state: MenusState;
  selectedMenuId: string | undefined;
  collapsed: boolean;
  onOpen(menu: MenuNode): void;
  /** The sider widens (a folder was chosen while it showed icons only). */
  onExpand(): void;
}

const INDENT = 20;

interface TreeProps {
  nodes: readonly MenuNode[];
  depth: number;
  openKeys: ReadonlySet<string>;
  selectedMenuId: string | undefined;
  collapsed: boolean;
  toggle(key: string): void;
  onOpen(menu: MenuNode): void;
}

function follow(e: MouseEvent, open: () => void) {
  // Plain clicks open the screen in a tab; modified clicks keep the browser's meaning of a link.
  if (e.button !== 0 || e.ctrlKey || e.metaKey || e.shiftKey || e.altKey) return;
  e.preventDefault();
  open();
}

function MenuTree({ nodes, depth, openKeys, selectedMenuId, collapsed, toggle, onOpen }: TreeProps) {
  const pad = { paddingLeft: collapsed ? undefined : 12 + depth * INDENT };
  return (
    <>
      {nodes.map((node) => {
        const key = String(node.menuId);
        const icon = depth === 0 ? menuIcon(node.imageLink) : null;
        const label = collapsed ? undefined : node.menuName;
        if (isPageMenu(node)) {
          const selected = key === selectedMenuId;
          return (
            <li key={key}>
              <a
                href={node.htmlUrl ?? undefined}
                className={`srm-menu-item${selected ? ' srm-menu-item-selected' : ''}`}
                aria-current={selected ? 'page' : undefined}
                aria-label={collapsed ? node.menuName : undefined}
                title={collapsed ? node.menuName : undefined}
                data-testid={`menu-${node.menuCode}`}
                style={pad}
                onClick={(e) => follow(e, () => onOpen(node))}
              >
                {icon}
                {label}
              </a>
            </li>
          );
        }
        const open = openKeys.has(key) && !collapsed;
        const group = `srm-menu-group-${key}`;
        return (
          <li key={key} className="srm-menu-folder" data-testid={`menu-${node.menuCode}`}>
            <button
              type="button"
              className="srm-menu-folder-header"
              aria-expanded={open}
              aria-controls={collapsed ? undefined : group}
              aria-label={collapsed ? node.menuName : undefined}
              title={collapsed ? node.menuName : undefined}
              style={pad}
              onClick={() => toggle(key)}
            >
              {icon}
              {label && <span className="srm-menu-folder-name">{label}</span>}
              {!collapsed && <IconDown className={`srm-menu-arrow${open ? ' srm-menu-arrow-open' : ''}`} />}
            </button>
            {!collapsed && (
              // Always in the page (hidden when closed): a screen inside a closed folder can be found.
              <ul id={group} className="srm-menu-list" hidden={!open}>
                <MenuTree
                  nodes={node.children ?? []}
                  depth={depth + 1}
                  openKeys={openKeys}
                  selectedMenuId={selectedMenuId}
                  collapsed={collapsed}
                  toggle={toggle}
                  onOpen={onOpen}
                />
              </ul>
            )}
          </li>
        );
      })}
    </>
  );
}

export function SideMenu({ state, selectedMenuId, collapsed, onOpen, onExpand }: Props) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const [openKeys, setOpenKeys] = useState<ReadonlySet<string>>(new Set());
  const currentFolders = useMemo(() => (selectedMenuId ? folderKeysOf(state.menus, selectedMenuId) : []), [state.menus, selectedMenuId]);
  useEffect(() => {
    if (currentFolders.length > 0) setOpenKeys((keys) => new Set([...keys, ...currentFolders]));
  }, [currentFolders]);
  const matches = useMemo(() => (query.trim() ? searchMenus(state.menus, query) : null), [state.menus, query]);

  if (state.status === 'loading' && state.menus.length === 0) {
    return <Spin className="srm-menu-status" tip={t('shell.menu.loading')} />;
  }
  if (state.status === 'failed') {
    return <Empty className="srm-menu-status" description={state.error || t('shell.menu.failed')} />;
  }
  if (state.menus.length === 0) {
    return <Empty className="srm-menu-status" description={t('shell.menu.empty')} />;
  }
  const open = (menu: MenuNode) => {
    setQuery('');
    onOpen(menu);
  };
  const toggle = (key: string) => {
    if (collapsed) {
      onExpand();
      setOpenKeys((keys) => new Set([...keys, key]));
      return;
    }
    setOpenKeys((keys) => {
      const next = new Set(keys);
      if (!next.delete(key)) next.add(key);
      return next;
    });
  };
  return (
    <nav className={`srm-nav${collapsed ? ' srm-nav-collapsed' : ''}`} aria-label={t('shell.menu.label')}>
      {!collapsed && (
        <div className="srm-menu-search" data-testid="menu-search">
          <Input
            allowClear
            aria-label={t('shell.menu.search')}
            placeholder={t('shell.menu.search')}
            prefix={<IconSearch />}
            value={query}
            onChange={setQuery}
            onPressEnter={() => matches?.[0] && open(matches[0].menu)}
          />
        </div>
      )}
      {matches && !collapsed ? (
        matches.length === 0 ? (
          <Empty className="srm-menu-status" data-testid="menu-search-empty" description={t('shell.menu.noMatch')} />
        ) : (
          <ul className="srm-side-menu" data-testid="menu-search-results">
            {matches.map(({ menu, folders }) => (
              <li key={String(menu.menuId)}>
                <a
                  href={menu.htmlUrl ?? undefined}
                  className={`srm-menu-item srm-menu-result${String(menu.menuId) === selectedMenuId ? ' srm-menu-item-selected' : ''}`}
                  data-testid={`menu-result-${menu.menuCode}`}
                  onClick={(e) => follow(e, () => open(menu))}
                >
                  <span className="srm-menu-result-name">{menu.menuName}</span>
                  {folders.length > 0 && <span className="srm-menu-result-path">{folders.join(' / ')}</span>}
                </a>
              </li>
            ))}
          </ul>
        )
      ) : (
        <ul className="srm-side-menu">
          <MenuTree nodes={state.menus} depth={0} openKeys={openKeys} selectedMenuId={selectedMenuId} collapsed={collapsed} toggle={toggle} onOpen={onOpen} />
        </ul>
      )}
    </nav>
  );
}
