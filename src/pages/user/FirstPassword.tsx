// The first sign-in with a password an administrator gave (issue 18): before the shell shows anything,
// the user sets a password of their own. Logging out is the only other way on.
import { Alert, Button, Spin } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { logout } from '../../app/auth';
import { updateSession } from '../../app/session';
import { LanguageSwitcher } from '../../shell/LanguageSwitcher';
import { ChangePasswordCard, useProfile } from './UserCenter';

export function FirstPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { profile, error } = useProfile();
  return (
    <div className="srm-fullpage-center srm-first-password" data-testid="first-password">
      <div style={{ width: 480, maxWidth: '100%' }}>
        <div style={{ display: 'flex', justifyContent: 'flex-end', gap: 8, marginBottom: 8 }}>
          <LanguageSwitcher />
          <Button
            type="text"
            data-testid="first-password-logout"
            onClick={() => {
              void logout().then(() => navigate('/login', { replace: true }));
            }}
          >
            {t('shell.header.logout')}
          </Button>
        </div>
        <Alert type="warning" data-testid="first-password-notice" content={t('security.password.firstSignIn')} style={{ marginBottom: 12 }} />
        {error && <Alert type="error" content={error} />}
        {!profile && !error && <Spin />}
        {profile && <ChangePasswordCard profile={profile} onChanged={() => updateSession({ passwordChangeRequired: false })} />}
      </div>
    </div>
  );
}
