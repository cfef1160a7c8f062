// Asks before a tab with unsaved changes goes away (closed, refreshed, closed with the others, the
// responsibility switched, logout) and lets the browser warn before the page is left. Pages mark
// themselves with data-dirty="true" (runtime/pages/unsaved.ts); tab panes carry data-tab-key.
import { useCallback, useEffect, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmDialog } from '../app/createEnv';

function dirtyPanes(root: HTMLElement | null, keys: readonly string[] | 'all'): boolean {
  if (!root) return false;
  for (const pane of root.querySelectorAll<HTMLElement>('.srm-tab-pane')) {
    if (keys !== 'all' && !keys.includes(pane.dataset.tabKey ?? '')) continue;
    if (pane.querySelector('[data-dirty="true"]')) return true;
  }
  return false;
}

export function useUnsavedGuard(panes: RefObject<HTMLElement | null>) {
  const { t } = useTranslation();

  useEffect(() => {
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      if (!dirtyPanes(panes.current, 'all')) return;
      e.preventDefault();
      // Chromium still wants returnValue set to show its own dialog.
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [panes]);

  /** Runs `then` at once when none of the tabs holds unsaved changes, else after the user agrees. */
  return useCallback(
    (keys: readonly string[] | 'all', then: () => void) => {
      if (!dirtyPanes(panes.current, keys)) return then();
      void confirmDialog(t('shell.tabs.unsaved'), t).then((ok) => {
        if (ok) then();
      });
    },
    [panes, t],
  );
}
