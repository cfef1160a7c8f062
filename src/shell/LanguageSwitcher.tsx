import { Button, Dropdown, Menu } from '@arco-design/web-react';
import { IconDown, IconLanguage } from '@arco-design/web-react/icon';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../runtime/env';
import { LANGUAGE_NAMES, LANGUAGES, isLanguage, setLanguage } from '../../runtime/i18n';
import { i18n } from '../app/i18n';

export function LanguageSwitcher({ light = false }: { light?: boolean }) {
  const { t, i18n: instance } = useTranslation();
  const current = (isLanguage(instance.language) ? instance.language : 'CN') as Language;
  const menu = (
    <Menu selectedKeys={[current]} onClickMenuItem={(key) => isLanguage(key) && void setLanguage(i18n, key)}>
      {LANGUAGES.map((language) => (
        <Menu.Item key={language} data-testid={`lang-${language}`}>
          {LANGUAGE_NAMES[language]}
        </Menu.Item>
      ))}
    </Menu>
  );
  return (
    <Dropdown droplist={menu} trigger="click" position="br">
      <Button
        type="text"
        className={light ? 'srm-header-button srm-header-button-light' : 'srm-header-button'}
        data-testid="lang-switch"
        aria-label={t('shell.header.language')}
        icon={<IconLanguage />}
      >
        {LANGUAGE_NAMES[current]} <IconDown />
      </Button>
    </Dropdown>
  );
}
