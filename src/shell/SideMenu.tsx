import { useEffect, useMemo, useState } from 'react';
import { Empty, Input, Menu, Spin } from '@arco-design/web-react';
import { IconSearch } from '@arco-design/web-react/icon';
import { useTranslation } from 'react-i18next';
import { menuIcon } from './menuIcons';
import type { MenuNode, MenusState } from './menus';
import { folderKeysOf, isPageMenu, searchMenus } from './menus';

interface Props {
  state: MenusState;
  selectedMenuId: string | undefined;
  collapsed: boolean;
  onOpen(menu: MenuNode): void;
}

function renderNodes(nodes: readonly MenuNode[], onOpen: (menu: MenuNode) => void, depth: number) {
  return nodes.map((node) => {
    const key = String(node.menuId);
    if (isPageMenu(node)) {
      return (
        <Menu.Item key={key} data-testid={`menu-${node.menuCode}`} onClick={() => onOpen(node)}>
          {depth === 0 && menuIcon(node.imageLink)}
          {node.menuName}
        </Menu.Item>
      );
    }
    return (
      <Menu.SubMenu
        key={key}
        data-testid={`menu-${node.menuCode}`}
        title={
          <span>
            {depth === 0 && menuIcon(node.imageLink)}
            {node.menuName}
          </span>
        }
      >
        {renderNodes(node.children ?? [], onOpen, depth + 1)}
      </Menu.SubMenu>
    );
  });
}

/**
 * The left menu (docs/shell.md "Menu"): folders start collapsed except those holding the current screen,
 * which open whenever it changes; a search box above finds any screen by its title in the current
 * language or by its route, and Enter opens the first match.
 */
export function SideMenu({ state, selectedMenuId, collapsed, onOpen }: Props) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const [openKeys, setOpenKeys] = useState<string[]>([]);
  const currentFolders = useMemo(() => (selectedMenuId ? folderKeysOf(state.menus, selectedMenuId) : []), [state.menus, selectedMenuId]);
  useEffect(() => {
    if (currentFolders.length > 0) setOpenKeys((keys) => [...new Set([...keys, ...currentFolders])]);
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
  return (
    <>
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
          // Its own instance (key): reusing the tree's Menu would turn its controlled openKeys undefined.
          <Menu
            key="results"
            className="srm-side-menu"
            data-testid="menu-search-results"
            openKeys={[]}
            selectedKeys={selectedMenuId ? [selectedMenuId] : []}
            levelIndent={20}
          >
            {matches.map(({ menu, folders }) => (
              <Menu.Item key={String(menu.menuId)} className="srm-menu-result" data-testid={`menu-result-${menu.menuCode}`} onClick={() => open(menu)}>
                <span className="srm-menu-result-name">{menu.menuName}</span>
                {folders.length > 0 && <span className="srm-menu-result-path">{folders.join(' / ')}</span>}
              </Menu.Item>
            ))}
          </Menu>
        )
      ) : (
        <Menu
          key="tree"
          className="srm-side-menu"
          collapse={collapsed}
          selectedKeys={selectedMenuId ? [selectedMenuId] : []}
          openKeys={openKeys}
          onClickSubMenu={(_key: string, keys: string[]) => setOpenKeys(keys)}
          levelIndent={20}
        >
          {renderNodes(state.menus, onOpen, 0)}
        </Menu>
      )}
    </>
  );
}
