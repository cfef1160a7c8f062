import { Button, Dropdown, Menu, Tabs, Tooltip } from '@arco-design/web-react';
import { IconMore, IconRefresh } from '@arco-design/web-react/icon';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../../runtime/env';
import { resolveText } from '../../app/text';
import { findMenu, type MenuNode } from '../menus';
import { routeName, type Tab, type TabsState } from './tabsModel';

interface Props {
  state: TabsState;
  menus: readonly MenuNode[];
  onActivate(key: string): void;
  onClose(key: string): void;
  onRefresh(key: string): void;
  onCloseOthers(key: string): void;
}

export function useTabTitle(menus: readonly MenuNode[]) {
  const { t, i18n } = useTranslation();
  const language = i18n.language as Language;
  return (tab: Tab): string => {
    const { menuId, text, key } = tab.title;
    const menu = menuId ? findMenu(menus, menuId) : undefined;
    // The menu names its own page; a page reached through it (a sub page such as a role's permit list) keeps its title.
    if (menu && (!text || !menu.htmlUrl || routeName(new URL(menu.htmlUrl, 'http://x.invalid').pathname) === tab.routeName)) return menu.menuName;
    if (text) return resolveText(text, t, language);
    return key ? t(key) : tab.routeName;
  };
}

export function TabsBar({ state, menus, onActivate, onClose, onRefresh, onCloseOthers }: Props) {
  const { t } = useTranslation();
  const titleOf = useTabTitle(menus);
  const active = state.activeKey;
  const more = (
    <Menu
      onClickMenuItem={(key) => {
        if (!active) return;
        if (key === 'refresh') onRefresh(active);
        if (key === 'closeOthers') onCloseOthers(active);
        if (key === 'close') onClose(active);
      }}
    >
      <Menu.Item key="refresh">{t('shell.tabs.refresh')}</Menu.Item>
      <Menu.Item key="close">{t('shell.tabs.close')}</Menu.Item>
      <Menu.Item key="closeOthers">{t('shell.tabs.closeOthers')}</Menu.Item>
    </Menu>
  );
  return (
    <div className="srm-tabs-bar">
      <Tabs
        className="srm-tabs"
        type="card-gutter"
        editable
        showAddButton={false}
        activeTab={active ?? undefined}
        onChange={onActivate}
        onDeleteTab={onClose}
        extra={
          <div className="srm-tabs-extra">
            <Tooltip content={t('shell.tabs.refresh')}>
              <Button
                type="text"
                size="small"
                icon={<IconRefresh />}
                data-testid="tab-refresh"
                aria-label={t('shell.tabs.refresh')}
                onClick={() => active && onRefresh(active)}
              />
            </Tooltip>
            <Dropdown droplist={more} position="br">
              <Button type="text" size="small" icon={<IconMore />} aria-label={t('shell.tabs.more')} data-testid="tab-more" />
            </Dropdown>
          </div>
        }
      >
        {state.tabs.map((tab) => (
          <Tabs.TabPane key={tab.key} closable={tab.closable} title={<span data-testid={`tab-${tab.routeName}`}>{titleOf(tab)}</span>} />
        ))}
      </Tabs>
    </div>
  );
}
