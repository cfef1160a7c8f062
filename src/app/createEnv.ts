// The RuntimeEnv the shell injects into runtime pages: the only way a page reaches the server,
// toasts, dialogs, the router and permissions.
import { Message, Modal } from '@arco-design/web-react';
import type { TFunction } from 'i18next';
import type { Language, RuntimeEnv } from '../../runtime/env';
import { http } from './http';

export interface EnvInputs {
  t: TFunction;
  language: Language;
  resources: ReadonlySet<string>;
  navigate(to: string, options?: { replace?: boolean }): void;
}

export function notify(kind: 'success' | 'error' | 'info' | 'warning', message: string, durationMs?: number): void {
  Message[kind]({ content: message, ...(durationMs ? { duration: durationMs } : {}) });
}

export function confirmDialog(message: string, t: TFunction): Promise<boolean> {
  return new Promise((resolve) => {
    Modal.confirm({
      title: t('shell.confirm.title'),
      content: message,
      okText: t('shell.confirm.ok'),
      cancelText: t('shell.confirm.cancel'),
      onOk: () => resolve(true),
      onCancel: () => resolve(false),
    });
  });
}

// The transport functions are the same objects in every environment: data providers and page loads key on
// them (runtime/data/useDataProvider.ts), and a new environment must not look like a new server.
const api: RuntimeEnv['api'] = (path, body) => http.api(path, body);
const upload: RuntimeEnv['upload'] = (path, form, options) => http.upload(path, form, options);
const download: RuntimeEnv['download'] = (path, options) => http.download(path, options);

export function createEnv(inputs: EnvInputs): RuntimeEnv {
  const { t, language, resources, navigate } = inputs;
  return {
    api,
    notify,
    confirm: (message) => confirmDialog(message, t),
    navigate,
    t: (key, options) => t(key, options ?? {}),
    language,
    can: (resourceCode) => resources.has(resourceCode),
    upload,
    download,
  };
}

/** Keeps menuId/respId on in-page navigation (list → edit) so the next page keeps its buttons. */
export function withMenuContext(to: string, params: Record<string, string>): string {
  if (!to.startsWith('/main/')) return to;
  const url = new URL(to, 'http://nav.invalid');
  // A link naming its own menus (menuCode) is opened under them by the shell, not under this page's.
  if (url.searchParams.has('menuCode')) return to;
  for (const key of ['menuId', 'respId']) {
    if (!url.searchParams.has(key) && params[key]) url.searchParams.set(key, params[key]);
  }
  return `${url.pathname}${url.search}${url.hash}`;
}
