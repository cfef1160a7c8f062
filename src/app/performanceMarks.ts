// Performance marks the app sets at moments the benches and browser tests wait for or measure up to.

/** The login page starts prefetching what comes after signing in (the first-load bench counts the login page's own bytes up to it). */
export const LOGIN_PREFETCH_STARTED = 'srm:prefetch-after-login';

/** The shell has every menu page's definitions (src/shell/prefetchMenuPages.ts). */
export const MENU_PAGES_PREFETCHED = 'srm:menu-pages-prefetched';
