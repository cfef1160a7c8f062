import { useTranslation } from 'react-i18next';
import type { Id, UserSession } from '../app/session';
import { HeaderItems } from './HeaderItems';
import { LanguageSwitcher } from './LanguageSwitcher';
import { RespSwitcher } from './RespSwitcher';
import { UserMenu } from './UserMenu';

interface Props {
  session: UserSession;
  onSwitchResp(respId: Id): void;
  onLogout(): void;
}

export function Header({ session, onSwitchResp, onLogout }: Props) {
  const { t } = useTranslation();
  return (
    <div className="srm-header">
      <div className="srm-brand" data-testid="brand">
        <span className="srm-logo" aria-hidden="true">
          SRM
        </span>
        <span className="srm-product-name">{t('shell.productName')}</span>
      </div>
      <div className="srm-header-actions">
        <HeaderItems />
        <RespSwitcher responsibilities={session.responsibilities} respId={session.respId} onChange={onSwitchResp} />
        <LanguageSwitcher />
        <UserMenu session={session} onLogout={onLogout} />
      </div>
    </div>
  );
}
