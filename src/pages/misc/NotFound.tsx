import { Button, Result } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { homePath } from '../../app/auth';
import { useSession } from '../../app/session';

/** The fallback inside the main layout (unknown /main/... page). */
export function NotFoundContent() {
  const { t } = useTranslation();
  return <Result status="404" title={t('shell.notFound.title')} subTitle={t('shell.notFound.description')} data-testid="not-found" />;
}

/** The fallback page for any other unknown path. */
export function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useSession();
  return (
    <div className="srm-fullpage-center">
      <Result
        status="404"
        title={t('shell.notFound.title')}
        subTitle={t('shell.notFound.description')}
        data-testid="not-found"
        extra={
          <Button type="primary" onClick={() => navigate(session ? homePath(session.userType) : '/login')}>
            {t('shell.notFound.back')}
          </Button>
        }
      />
    </div>
  );
}
