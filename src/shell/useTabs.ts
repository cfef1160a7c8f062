// Keeps the open tabs in step with the router: every /main navigation opens or activates a tab;
// closing or choosing a tab navigates. The 16th tab is refused with a warning.
import { Message } from '@arco-design/web-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useNavigationType } from 'react-router';
import { namesMenuCodes } from './menuContext';
import { describeTab } from './tabs/tabRules';
import { MAX_TABS, activeTab, closeOthers, closeTab, emptyTabs, openTab, refreshTab, type TabsState } from './tabs/tabsModel';

export function useTabs(homePath: string) {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const navigationType = useNavigationType();
  const [state, setState] = useState<TabsState>(emptyTabs);
  const stateRef = useRef(state);
  // A link naming its menus by code is replaced by the layout with its menuId (menuContext.ts): no tab of its
  // own, and the replacement opens a tab like the navigation it stands for (it takes over no tab).
  const resolvingRef = useRef(false);

  const commit = useCallback((next: TabsState) => {
    stateRef.current = next;
    setState(next);
  }, []);

  useEffect(() => {
    const { pathname, search } = location;
    if (pathname === '/main' || pathname === '/main/') {
      navigate(homePath, { replace: true });
      return;
    }
    if (namesMenuCodes(search)) {
      resolvingRef.current = true;
      return;
    }
    const resolved = resolvingRef.current;
    resolvingRef.current = false;
    let current = stateRef.current;
    // The home tab is always first, so it is there even when the user lands on a deep link.
    if (!current.tabs.some((tab) => tab.path.split('?')[0] === homePath) && pathname !== homePath) {
      current = openTab(current, describeTab(homePath, homePath)).state;
    }
    const target = describeTab(pathname + search, homePath);
    // A replacing navigation (a new record saved: ?id appears) takes over the tab it came from.
    if (
      navigationType === 'REPLACE' &&
      !resolved &&
      current.activeKey &&
      current.activeKey !== target.key &&
      current.activeKey.split('?')[0] === target.routeName
    ) {
      current = closeTab(current, current.activeKey);
    }
    const result = openTab(current, target);
    if (result.overflow) {
      Message.warning(t('shell.tabs.tooMany', { max: MAX_TABS }));
      commit(current);
      const back = activeTab(current);
      navigate(back?.path ?? homePath, { replace: true });
      return;
    }
    commit(result.state);
  }, [location, navigationType, homePath, navigate, commit, t]);

  const goTo = useCallback(
    (next: TabsState) => {
      commit(next);
      const target = activeTab(next);
      navigate(target?.path ?? homePath);
    },
    [commit, navigate, homePath],
  );

  return {
    state,
    activate: (key: string) => {
      const tab = stateRef.current.tabs.find((candidate) => candidate.key === key);
      if (tab) navigate(tab.path);
    },
    close: (key: string) => {
      const before = stateRef.current;
      const next = closeTab(before, key);
      if (next.activeKey !== before.activeKey) goTo(next);
      else commit(next);
    },
    closeOthers: (key: string) => goTo(closeOthers(stateRef.current, key)),
    refresh: (key: string) => commit(refreshTab(stateRef.current, key)),
    reset: () => commit(emptyTabs),
  };
}
