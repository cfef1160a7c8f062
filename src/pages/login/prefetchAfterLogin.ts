// While the user types the credentials, the browser fetches what the first screen after signing in needs:
// the shell (MainLayout) and the page runtime with the modules' client parts. Signing in then waits only
// for the server, not for ~300 KB of scripts (issue 18 item 2: login → first list with rows ≤ 1 s).
// Started when the login page is idle so it never delays the login page's own paint.
import { useEffect } from 'react';
import { loadRuntime } from '../../app/runtimeModule';
import { LOGIN_PREFETCH_STARTED } from '../../app/performanceMarks';

export function usePrefetchAfterLogin(): void {
  useEffect(() => {
    const start = () => {
      // The first-load bench counts the login page's own bytes up to this mark; the prefetch comes after.
      performance.mark?.(LOGIN_PREFETCH_STARTED);
      // A failed prefetch is harmless: the route loads (and reports) it again when it is needed.
      void import('../../shell/MainLayout').catch(() => undefined);
      void loadRuntime().catch(() => undefined);
    };
    if (typeof requestIdleCallback === 'function') {
      const id = requestIdleCallback(start, { timeout: 2000 });
      return () => cancelIdleCallback(id);
    }
    const timer = setTimeout(start, 500);
    return () => clearTimeout(timer);
  }, []);
}
