import { Button, Form, Input, Message } from '@arco-design/web-react';
import { IconLock, IconSafe, IconUser } from '@arco-design/web-react/icon';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { homePath, login, needsValidate } from '../../app/auth';
import { useSession } from '../../app/session';
import { PublicFrame } from '../public/PublicFrame';
import { useCaptcha } from './useCaptcha';
import { usePrefetchAfterLogin } from './prefetchAfterLogin';

/** After this many refused logins the server also wants a validate code (CONTRACT.md). */
const FAILURES_BEFORE_CAPTCHA = 3;

/** The guarded /main address the visitor asked for before being sent here (see router/guard.tsx). */
function returnPath(state: unknown): string | null {
  const from = typeof state === 'object' && state !== null ? (state as { from?: unknown }).from : undefined;
  return typeof from === 'string' && from.startsWith('/main/') ? from : null;
}

interface Values {
  userName: string;
  password: string;
  validateCode?: string;
}

export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const [failures, setFailures] = useState(0);
  // One toast id: repeated refusals replace the message instead of stacking copies of it.
  const showError = useCallback((message: string) => void Message.error({ id: 'login-error', content: message }), []);
  const { captcha, refresh } = useCaptcha(showError);
  const session = useSession();
  usePrefetchAfterLogin();

  const submit = async (values: Values) => {
    setBusy(true);
    try {
      const session = await login({
        userName: values.userName.trim(),
        password: values.password,
        validateKey: captcha?.validateKey,
        validateCode: values.validateCode?.trim(),
      });
      navigate(returnPath(location.state) ?? homePath(session.userType), { replace: true });
    } catch (error) {
      const count = failures + 1;
      setFailures(count);
      showError(error instanceof Error ? error.message : String(error));
      // A validate code is single-use: any refusal needs a fresh image once one is shown.
      if (captcha || needsValidate(error) || count >= FAILURES_BEFORE_CAPTCHA) {
        form.setFieldValue('validateCode', '');
        await refresh();
      }
    } finally {
      setBusy(false);
    }
  };

  // A signed-in user who opens / or /login goes to the home; a stale session is cleared there by the 401.
  if (session && !busy) return <Navigate to={homePath(session.userType)} replace />;

  return (
    <PublicFrame>
      <div className="srm-login">
        <section className="srm-login-hero" aria-hidden="true">
          <div className="srm-login-hero-logo">SRM</div>
          <h1>{t('shell.productName')}</h1>
          <p>{t('shell.login.tagline')}</p>
        </section>
        <section className="srm-login-card">
          <h2>{t('shell.login.title')}</h2>
          <Form<Values> form={form} layout="vertical" onSubmit={(values) => void submit(values)} autoComplete="on">
            <Form.Item field="userName" label={t('shell.login.userName')} rules={[{ required: true, message: t('shell.login.userNameRequired') }]}>
              <Input prefix={<IconUser />} data-testid="login-username" autoComplete="username" placeholder={t('shell.login.userNamePlaceholder')} />
            </Form.Item>
            <Form.Item field="password" label={t('shell.login.password')} rules={[{ required: true, message: t('shell.login.passwordRequired') }]}>
              <Input.Password
                prefix={<IconLock />}
                data-testid="login-password"
                autoComplete="current-password"
                placeholder={t('shell.login.passwordPlaceholder')}
              />
            </Form.Item>
            {captcha && (
              <div className="srm-captcha-row">
                <Form.Item field="validateCode" label={t('shell.login.captcha')} rules={[{ required: true, message: t('shell.login.captchaRequired') }]}>
                  <Input prefix={<IconSafe />} data-testid="login-captcha" autoComplete="off" placeholder={t('shell.login.captchaPlaceholder')} />
                </Form.Item>
                <button type="button" className="srm-captcha-image" title={t('shell.login.captchaRefresh')} onClick={() => void refresh()}>
                  <img src={captcha.image} alt={t('shell.login.captchaAlt')} data-testid="login-captcha-image" />
                </button>
              </div>
            )}
            <Button type="primary" htmlType="submit" long loading={busy} data-testid="login-submit" size="large">
              {t('shell.login.submit')}
            </Button>
          </Form>
          <div className="srm-login-links">
            {/* Real links (an href): reachable with Tab and opened with Enter, like any link. */}
            <Link className="arco-link" to="/forget" data-testid="login-link-forget">
              {t('shell.login.forget')}
            </Link>
            <Link className="arco-link" to="/register" data-testid="login-link-register">
              {t('shell.login.register')}
            </Link>
            <Link className="arco-link" to="/notice/noticeMore" data-testid="login-link-notices">
              {t('shell.login.notices')}
            </Link>
          </div>
        </section>
      </div>
    </PublicFrame>
  );
}
