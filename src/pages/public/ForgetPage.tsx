import { Alert, Button, Form, Input } from '@arco-design/web-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PublicCard, PublicFrame } from './PublicFrame';

interface Values {
  userName: string;
  email: string;
}

/**
 * Forgotten password. The reset-by-code endpoints are not built yet, so the request is taken locally
 * and the user is told plainly to contact the administrator rather than promised an e-mail.
 */
export function ForgetPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [sent, setSent] = useState(false);
  return (
    <PublicFrame>
      <PublicCard title={t('shell.forget.title')} testId="forget-page">
        <p className="srm-muted">{t('shell.forget.intro')}</p>
        {sent ? (
          <Alert type="info" content={t('shell.forget.contactAdmin')} />
        ) : (
          <Form<Values> layout="vertical" onSubmit={() => setSent(true)}>
            <Form.Item field="userName" label={t('shell.login.userName')} rules={[{ required: true, message: t('shell.login.userNameRequired') }]}>
              <Input />
            </Form.Item>
            <Form.Item field="email" label={t('shell.forget.email')} rules={[{ required: true, type: 'email', message: t('shell.forget.emailInvalid') }]}>
              <Input />
            </Form.Item>
            <Button type="primary" htmlType="submit" long>
              {t('shell.forget.submit')}
            </Button>
          </Form>
        )}
        <Button type="text" long style={{ marginTop: 12 }} onClick={() => navigate('/login')}>
          {t('shell.common.backToLogin')}
        </Button>
      </PublicCard>
    </PublicFrame>
  );
}
