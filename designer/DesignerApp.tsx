// Gate and frame of the designer: no session → /login; the server refuses non-designers (403) → a
// "no permission" page; otherwise the definitions list, the page editor or the new-screen wizard.
import { Button, ConfigProvider, Result, Spin } from '@arco-design/web-react';
import enUS from '@arco-design/web-react/es/locale/en-US';
import thTH from '@arco-design/web-react/es/locale/th-TH';
import viVN from '@arco-design/web-react/es/locale/vi-VN';
import type { Locale } from '@arco-design/web-react/es/locale/interface';
import zhCN from '@arco-design/web-react/es/locale/zh-CN';
import { useEffect, useState } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { ApiError, type Language } from '../runtime/env';
import { loadAllDefinitions } from '../src/app/definitions';
import { setLoginRedirect } from '../src/app/http';
import { isSignedIn } from '../src/app/session';
import { LanguageSwitcher } from '../src/shell/LanguageSwitcher';
import { designerApi, type DefinitionSummary } from './api';
import { i18n } from './i18n';
import { go, useRoute } from './route';
import { DefinitionList } from './ui/DefinitionList';
import { NewScreen } from './ui/NewScreen';
import { PageEditor } from './ui/PageEditor';

const ARCO_LOCALES: Record<Language, Locale> = { CN: zhCN, EN: enUS, TH: { ...enUS, ...thTH }, VN: { ...enUS, ...viVN } };

function toLogin(): void {
  window.location.assign('/login');
}
setLoginRedirect(toLogin);

type Gate =
  { status: 'checking' } | { status: 'ok'; list: DefinitionSummary[] } | { status: 'forbidden'; message: string } | { status: 'failed'; message: string };

function Frame() {
  const { t, i18n: instance } = useTranslation();
  const route = useRoute();
  const [gate, setGate] = useState<Gate>({ status: 'checking' });
  const [listToken, setListToken] = useState(0);

  useEffect(() => {
    if (!isSignedIn()) {
      toLogin();
      return;
    }
    let alive = true;
    // The editor offers every entity: all modules' definitions load before anything is shown (cached after
    // the first time). A failure is reported after the permission check, which decides first.
    const definitions = loadAllDefinitions();
    definitions.catch(() => undefined);
    designerApi.list().then(
      (list) =>
        definitions.then(
          () => alive && setGate({ status: 'ok', list }),
          (error: unknown) => alive && setGate({ status: 'failed', message: error instanceof Error ? error.message : String(error) }),
        ),
      (error: unknown) => {
        if (!alive) return;
        const message = error instanceof Error ? error.message : String(error);
        if (error instanceof ApiError && error.httpStatus === 403) setGate({ status: 'forbidden', message });
        else if (!(error instanceof ApiError && error.httpStatus === 401)) setGate({ status: 'failed', message });
      },
    );
    return () => {
      alive = false;
    };
  }, [listToken, instance.language]);

  const refreshList = () => setListToken((n) => n + 1);

  let body;
  if (gate.status === 'checking') body = <Spin style={{ display: 'block', margin: '80px auto' }} />;
  else if (gate.status === 'forbidden')
    body = (
      <Result
        status="403"
        data-testid="designer-forbidden"
        title={t('designer.forbidden.title')}
        subTitle={t('designer.forbidden.text')}
        extra={
          <Button type="primary" href="/main/inHome">
            {t('designer.backToApp')}
          </Button>
        }
      />
    );
  else if (gate.status === 'failed') body = <Result status="error" data-testid="designer-failed" title={t('designer.loadFailed')} subTitle={gate.message} />;
  else if (route.screen === 'edit') body = <PageEditor key={route.name} name={route.name} onChanged={refreshList} />;
  else if (route.screen === 'new') body = <NewScreen onCreated={refreshList} />;
  else body = <DefinitionList list={gate.list} onReload={refreshList} />;

  return (
    <div className="designer-root" data-testid="designer-root">
      <header className="designer-header">
        <a
          className="designer-brand"
          href="/designer"
          onClick={(e) => {
            e.preventDefault();
            go({ screen: 'list' });
          }}
        >
          {t('designer.appTitle')}
        </a>
        <span className="designer-header-space" />
        <Button type="text" className="designer-header-link" href="/main/inHome" data-testid="designer-back-to-app">
          {t('designer.backToApp')}
        </Button>
        <LanguageSwitcher />
      </header>
      <main className="designer-main">{body}</main>
    </div>
  );
}

function Themed() {
  const { i18n: instance } = useTranslation();
  return (
    <ConfigProvider locale={ARCO_LOCALES[instance.language as Language] ?? zhCN}>
      <Frame />
    </ConfigProvider>
  );
}

export function DesignerApp() {
  return (
    <I18nextProvider i18n={i18n}>
      <Themed />
    </I18nextProvider>
  );
}
