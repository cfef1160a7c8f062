import './styles/global.css';
import { Message } from '@arco-design/web-react';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import type { Language } from '../runtime/env';
import { LANGUAGE_TAGS } from '../runtime/i18n';
import { App } from './App';
import { i18n } from './app/i18n';
import { clearLookupCache } from '../runtime/data/index';

// Spec section 8: toasts last 4 s (the 20 px offset from the top is in global.css).
Message.config({ duration: 4000 });

document.documentElement.lang = LANGUAGE_TAGS[i18n.language as Language] ?? 'zh-CN';
i18n.on('languageChanged', (language: string) => {
  document.title = i18n.t('shell.productName');
  document.documentElement.lang = LANGUAGE_TAGS[language as Language] ?? 'zh-CN';
  // Lookup meanings come translated from the server: the old language's answers must not linger.
  clearLookupCache();
});
document.title = i18n.t('shell.productName');

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
