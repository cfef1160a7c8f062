// The one HTTP client of the application, bound to the session store and the current language.
import { createHttpClient } from '../../runtime/http';
import { clearSession, getSession } from './session';
import { currentLanguage, i18n } from './i18n';

export const APP_ID = 'srm-web';

/** Set by the router module; kept as a hook so this file does not import the route table. */
let goToLogin: () => void = () => {
  if (typeof window !== 'undefined') window.location.assign('/login');
};

export function setLoginRedirect(redirect: () => void): void {
  goToLogin = redirect;
}

export const http = createHttpClient({
  appId: APP_ID,
  getCredentials: () => getSession(),
  getLanguage: currentLanguage,
  onUnauthorized: () => {
    clearSession();
    goToLogin();
  },
  fallbackMessage: (kind, status) =>
    kind === 'network' ? i18n.t('shell.errors.network') : kind === 'format' ? i18n.t('shell.errors.format') : i18n.t('shell.errors.http', { status }),
});
