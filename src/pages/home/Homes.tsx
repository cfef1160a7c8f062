import { Card, Descriptions, Typography } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../../runtime/env';
import { LANGUAGE_TAGS } from '../../../runtime/i18n';
import { useSession } from '../../app/session';
import { useShell } from '../../shell/ShellContext';
import { HomePanels } from './HomePanels';
import { Shortcuts } from './Shortcuts';

function Welcome({ subtitle }: { subtitle: string }) {
  const { t, i18n } = useTranslation();
  const session = useSession();
  const today = new Intl.DateTimeFormat(LANGUAGE_TAGS[i18n.language as Language] ?? 'zh-CN', { dateStyle: 'full' }).format(new Date());
  return (
    <Card bordered={false} className="srm-home-card srm-welcome">
      <Typography.Title heading={4} style={{ margin: 0 }} data-testid="home-welcome">
        {t('shell.home.welcome', { name: session?.userFullName || session?.userName || '' })}
      </Typography.Title>
      <Typography.Text type="secondary">{subtitle}</Typography.Text>
      <div className="srm-welcome-date">{today}</div>
    </Card>
  );
}

export function InHome() {
  const { t } = useTranslation();
  const { menus, openMenu } = useShell();
  return (
    <div className="srm-home" data-testid="in-home">
      <Welcome subtitle={t('shell.home.inSubtitle')} />
      <HomePanels home="in" />
      <Shortcuts menus={menus} onOpen={openMenu} />
    </div>
  );
}

export function ExHome() {
  const { t } = useTranslation();
  const session = useSession();
  const { menus, openMenu } = useShell();
  return (
    <div className="srm-home" data-testid="ex-home">
      <Welcome subtitle={t('shell.home.exSubtitle')} />
      <Card bordered={false} className="srm-home-card">
        <Descriptions
          column={2}
          title={t('shell.home.company')}
          data={[
            { label: t('shell.home.companyName'), value: <span data-testid="company-name">{session?.supplierName || '—'}</span> },
            { label: t('shell.home.userName'), value: session?.userName ?? '' },
          ]}
        />
      </Card>
      <HomePanels home="ex" />
      <Shortcuts menus={menus} onOpen={openMenu} />
    </div>
  );
}
