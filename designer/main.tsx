import '../src/styles/global.css';
import './designer.css';
import { Message } from '@arco-design/web-react';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import type { Language } from '../runtime/env';
import { LANGUAGE_TAGS } from '../runtime/i18n';
import { clearLookupCache } from '../runtime/data/index';
import { loadRuntime } from '../src/app/runtimeModule';
import { DesignerApp } from './DesignerApp';
import { i18n, installDesignerStrings } from './i18n';

installDesignerStrings();
Message.config({ duration: 4000 });

function applyLanguage(language: string): void {
  document.title = i18n.t('designer.appTitle');
  document.documentElement.lang = LANGUAGE_TAGS[language as Language] ?? 'zh-CN';
}
applyLanguage(i18n.language);
i18n.on('languageChanged', (language: string) => {
  applyLanguage(language);
  clearLookupCache();
});

const container = document.getElementById('root');
if (!container) throw new Error('designer/index.html has no #root element');
// The runtime's registries (cell types, widgets, actions) feed the editor's choices: load them first.
const render = () =>
  createRoot(container).render(
    <StrictMode>
      <DesignerApp />
    </StrictMode>,
  );
loadRuntime().then(render, render);
