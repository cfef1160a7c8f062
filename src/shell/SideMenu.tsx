import { Empty, Menu, Spin } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { menuIcon } from './menuIcons';
import type { MenuNode, MenusState } from './menus';
import { isPageMenu } from './menus';

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

export function SideMenu({ state, selectedMenuId, collapsed, onOpen }: Props) {
  const { t } = useTranslation();
  if (state.status === 'loading' && state.menus.length === 0) {
    return <Spin className="srm-menu-status" tip={t('shell.menu.loading')} />;
  }
  if (state.status === 'failed') {
    return <Empty className="srm-menu-status" description={state.error || t('shell.menu.failed')} />;
  }
  if (state.menus.length === 0) {
    return <Empty className="srm-menu-status" description={t('shell.menu.empty')} />;
  }
  return (
    <Menu
      className="srm-side-menu"
      collapse={collapsed}
      selectedKeys={selectedMenuId ? [selectedMenuId] : []}
      defaultOpenKeys={state.menus.map((m) => String(m.menuId))}
      autoOpen
      levelIndent={20}
    >
      {renderNodes(state.menus, onOpen, 0)}
    </Menu>
  );
}
