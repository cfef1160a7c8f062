import { ConfigProvider } from '@arco-design/web-react';
import enUS from '@arco-design/web-react/es/locale/en-US';
import thTH from '@arco-design/web-react/es/locale/th-TH';
import viVN from '@arco-design/web-react/es/locale/vi-VN';
import type { Locale } from '@arco-design/web-react/es/locale/interface';
import zhCN from '@arco-design/web-react/es/locale/zh-CN';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { RouterProvider } from 'react-router';
import type { Language } from '../runtime/env';
import { i18n } from './app/i18n';
import { router } from './router/routes';

// Arco's own strings (pagination, date pickers, empty states) follow the product language.
// Arco's Thai pack lacks a few newer components; English fills those gaps.
const ARCO_LOCALES: Record<Language, Locale> = { CN: zhCN, EN: enUS, TH: { ...enUS, ...thTH }, VN: { ...enUS, ...viVN } };

function Themed() {
  const { i18n: instance } = useTranslation();
  const locale = ARCO_LOCALES[instance.language as Language] ?? zhCN;
  return (
    <ConfigProvider locale={locale}>
      <RouterProvider router={router} />
    </ConfigProvider>
  );
}

export function App() {
  return (
    <I18nextProvider i18n={i18n}>
      <Themed />
    </I18nextProvider>
  );
}
