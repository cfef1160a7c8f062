import { Alert, Button, Form, Input, Message, Radio } from '@arco-design/web-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { sendResetCode, resetPasswordByCode, type CodeChannel } from '../../app/password';
import { PublicCard, PublicFrame } from './PublicFrame';

interface RequestValues {
  userName: string;
  channel: CodeChannel;
}

interface ResetValues {
  code: string;
  newPassword: string;
  confirm: string;
}

const errorText = (e: unknown) => (e instanceof Error ? e.message : String(e));

/**
 * Forgotten password: a code goes to the account's e-mail or phone, then code + new password. The
 * server answers the first step the same way whether or not the account exists, and so does this page.
 */
export function ForgetPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [userName, setUserName] = useState<string | null>(null);
  const [channel, setChannel] = useState<CodeChannel>('email');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const request = async (v: RequestValues) => {
    setBusy(true);
    setError(null);
    try {
      await sendResetCode(v.channel, v.userName.trim());
      setChannel(v.channel);
      setUserName(v.userName.trim());
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };

  const reset = async (v: ResetValues) => {
    if (!userName) return;
    if (v.newPassword !== v.confirm) return setError(t('security.password.mismatch'));
    setBusy(true);
    setError(null);
    try {
      await resetPasswordByCode(userName, v.code.trim(), v.newPassword);
      Message.success(t('security.forget.done'));
      navigate('/login', { replace: true });
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <PublicFrame>
      <PublicCard title={t('shell.forget.title')} testId="forget-page">
        {error && (
          <div data-testid="forget-error">
            <Alert type="error" content={error} style={{ marginBottom: 12 }} />
          </div>
        )}
        {userName === null ? (
          <>
            <p className="srm-muted">{t('security.forget.intro')}</p>
            <Form<RequestValues> layout="vertical" initialValues={{ channel: 'email' }} onSubmit={(v) => void request(v)}>
              <Form.Item field="userName" label={t('shell.login.userName')} rules={[{ required: true, message: t('shell.login.userNameRequired') }]}>
                <Input data-testid="forget-user" />
              </Form.Item>
              <Form.Item field="channel" label={t('security.forget.channel')}>
                <Radio.Group>
                  <Radio value="email" data-testid="forget-by-email">
                    {t('security.forget.byEmail')}
                  </Radio>
                  <Radio value="phone" data-testid="forget-by-phone">
                    {t('security.forget.byPhone')}
                  </Radio>
                </Radio.Group>
              </Form.Item>
              <Button type="primary" htmlType="submit" long loading={busy} data-testid="forget-send">
                {t('security.forget.send')}
              </Button>
            </Form>
          </>
        ) : (
          <>
            <div data-testid="forget-sent">
              <Alert type="info" content={t(channel === 'email' ? 'security.forget.sentEmail' : 'security.forget.sentPhone')} style={{ marginBottom: 12 }} />
            </div>
            <Form<ResetValues> layout="vertical" onSubmit={(v) => void reset(v)}>
              <Form.Item
                field="code"
                label={t('security.forget.code')}
                rules={[{ required: true, match: /^\s*\d{6}\s*$/, message: t('security.forget.codeInvalid') }]}
              >
                <Input data-testid="forget-code" maxLength={8} autoComplete="one-time-code" />
              </Form.Item>
              <Form.Item field="newPassword" label={t('security.password.new')} rules={[{ required: true, message: t('security.password.newRequired') }]}>
                <Input.Password data-testid="forget-new" autoComplete="new-password" />
              </Form.Item>
              <Form.Item field="confirm" label={t('security.password.confirm')} rules={[{ required: true, message: t('security.password.newRequired') }]}>
                <Input.Password data-testid="forget-confirm" autoComplete="new-password" />
              </Form.Item>
              <Button type="primary" htmlType="submit" long loading={busy} data-testid="forget-reset">
                {t('security.forget.reset')}
              </Button>
            </Form>
          </>
        )}
        <Button type="text" long style={{ marginTop: 12 }} onClick={() => navigate('/login')}>
          {t('shell.common.backToLogin')}
        </Button>
      </PublicCard>
    </PublicFrame>
  );
}
