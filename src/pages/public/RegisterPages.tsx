import { Alert, Button, Form, Input, Steps } from '@arco-design/web-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PublicCard, PublicFrame } from './PublicFrame';

interface Values {
  companyName: string;
  contactName: string;
  email: string;
  phone: string;
}

function RegistrationForm({ testId, title }: { testId: string; title: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [done, setDone] = useState(false);
  return (
    <PublicFrame>
      <PublicCard title={title} testId={testId}>
        <Steps current={done ? 2 : 1} size="small" style={{ marginBottom: 24 }}>
          <Steps.Step title={t('shell.register.stepCompany')} />
          <Steps.Step title={t('shell.register.stepReview')} />
          <Steps.Step title={t('shell.register.stepAccount')} />
        </Steps>
        {done ? (
          <Alert type="info" content={t('shell.register.pending')} />
        ) : (
          <Form<Values> layout="vertical" onSubmit={() => setDone(true)}>
            <Form.Item field="companyName" label={t('shell.register.companyName')} rules={[{ required: true, message: t('shell.common.required') }]}>
              <Input />
            </Form.Item>
            <Form.Item field="contactName" label={t('shell.register.contactName')} rules={[{ required: true, message: t('shell.common.required') }]}>
              <Input />
            </Form.Item>
            <Form.Item field="email" label={t('shell.forget.email')} rules={[{ required: true, type: 'email', message: t('shell.forget.emailInvalid') }]}>
              <Input />
            </Form.Item>
            <Form.Item field="phone" label={t('shell.register.phone')} rules={[{ required: true, message: t('shell.common.required') }]}>
              <Input />
            </Form.Item>
            <Button type="primary" htmlType="submit" long>
              {t('shell.register.submit')}
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

export function RegisterPage() {
  const { t } = useTranslation();
  return <RegistrationForm testId="register-page" title={t('shell.register.title')} />;
}

export function RegisterInfoEditPage() {
  const { t } = useTranslation();
  return <RegistrationForm testId="register-edit-page" title={t('shell.register.editTitle')} />;
}
