// The bar of open pages: a WAI-ARIA tab list of our own (Arco's tabs put the close icon inside the tab and
// point aria-controls at panels they do not draw, which axe rates critical). Each tab is a button with
// role="tab" controlling its pane (MainLayout draws the panes as tabpanels); arrows, Home and End move
// between tabs and open them, Delete closes the focused one. The close cross is a mouse target only
// (not a second control nested in the tab); keyboard users close with Delete or the "more" menu.
import type { KeyboardEvent } from 'react';
import { Button, Dropdown, Menu, Tooltip } from '@arco-design/web-react';
import { IconClose, IconMore, IconRefresh } from '@arco-design/web-react/icon';
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

/** Ids tying a tab to its pane (MainLayout): by position, as both are drawn from the same state. */
export const tabId = (index: number) => `srm-tab-${index}`;
export const paneId = (index: number) => `srm-pane-${index}`;

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
  const tabs = state.tabs;

  const focusTab = (index: number) => {
    const tab = tabs[index];
    if (!tab) return;
    onActivate(tab.key);
    document.getElementById(tabId(index))?.focus();
  };
  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const last = tabs.length - 1;
    const to = { ArrowRight: index === last ? 0 : index + 1, ArrowLeft: index === 0 ? last : index - 1, Home: 0, End: last }[e.key];
    if (to !== undefined) {
      e.preventDefault();
      focusTab(to);
    } else if (e.key === 'Delete' && tabs[index]?.closable) {
      e.preventDefault();
      onClose(tabs[index].key);
    }
  };

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
      <div className="srm-tabs" role="tablist" aria-label={t('shell.tabs.label')}>
        {tabs.map((tab, index) => {
          const selected = tab.key === active;
          const title = titleOf(tab);
          return (
            <button
              key={tab.key}
              type="button"
              role="tab"
              id={tabId(index)}
              aria-selected={selected}
              aria-controls={selected || tab.cache ? paneId(index) : undefined}
              tabIndex={selected ? 0 : -1}
              className={`srm-tab${selected ? ' srm-tab-active' : ''}`}
              title={tab.closable ? t('shell.tabs.closeOne', { title }) : undefined}
              onClick={() => onActivate(tab.key)}
              onAuxClick={(e) => e.button === 1 && tab.closable && onClose(tab.key)}
              onKeyDown={(e) => onKeyDown(e, index)}
            >
              <span data-testid={`tab-${tab.routeName}`}>{title}</span>
              {tab.closable && (
                <span
                  className="srm-tab-close"
                  aria-hidden="true"
                  data-testid={`tab-close-${tab.routeName}`}
                  onClick={(e) => {
                    e.stopPropagation();
                    onClose(tab.key);
                  }}
                >
                  <IconClose />
                </span>
              )}
            </button>
          );
        })}
      </div>
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
    </div>
  );
}
