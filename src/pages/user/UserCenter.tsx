import { Alert, Button, Card, Descriptions, Form, Input, Message, Select, Space, Spin } from '@arco-design/web-react';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { changePassword, editUserCenter, getUserCenter, type UserCenter } from '../../app/password';

const errorText = (e: unknown) => (e instanceof Error ? e.message : String(e));
const LANGUAGES = ['CN', 'EN', 'TH', 'VN'] as const;

export function useProfile() {
  const [profile, setProfile] = useState<UserCenter | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = useCallback(() => {
    getUserCenter().then(setProfile, (e: unknown) => setError(errorText(e)));
  }, []);
  useEffect(load, [load]);
  return { profile, error, reload: load };
}

interface PasswordValues {
  oldPassword: string;
  newPassword: string;
  confirm: string;
}

export function ChangePasswordCard({ profile, onChanged }: { profile: UserCenter; onChanged?(): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<PasswordValues>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const r = profile.passwordRules;
  const submit = async (v: PasswordValues) => {
    if (v.newPassword !== v.confirm) return setError(t('security.password.mismatch'));
    setBusy(true);
    setError(null);
    try {
      await changePassword(v.oldPassword, v.newPassword);
      form.resetFields();
      Message.success(t('security.password.changed'));
      onChanged?.();
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card title={t('security.password.title')} data-testid="change-password">
      <p className="srm-muted" data-testid="password-rules">
        {t('security.password.rules', { min: r.minLength, classes: r.minClasses, history: r.historyCount })}
      </p>
      {error && (
        <div data-testid="change-password-error">
          <Alert type="error" content={error} style={{ marginBottom: 12 }} />
        </div>
      )}
      <Form<PasswordValues> form={form} layout="vertical" style={{ maxWidth: 420 }} onSubmit={(v) => void submit(v)}>
        <Form.Item field="oldPassword" label={t('security.password.old')} rules={[{ required: true, message: t('security.password.oldRequired') }]}>
          <Input.Password data-testid="pwd-old" autoComplete="current-password" />
        </Form.Item>
        <Form.Item field="newPassword" label={t('security.password.new')} rules={[{ required: true, message: t('security.password.newRequired') }]}>
          <Input.Password data-testid="pwd-new" autoComplete="new-password" />
        </Form.Item>
        <Form.Item field="confirm" label={t('security.password.confirm')} rules={[{ required: true, message: t('security.password.newRequired') }]}>
          <Input.Password data-testid="pwd-confirm" autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={busy} data-testid="pwd-submit">
          {t('security.password.submit')}
        </Button>
      </Form>
    </Card>
  );
}

/** /main/userCenter: one's own profile and the password change. */
export function UserCenterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { profile, error } = useProfile();
  if (error) return <Alert type="error" content={error} />;
  if (!profile) return <Spin />;
  const dash = (v: string | null) => v || '—';
  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }} data-testid="user-center">
      <Card
        title={t('security.userCenter.title')}
        extra={
          <Button type="primary" onClick={() => navigate('/main/userCenter/editUserCenter')} data-testid="user-center-edit">
            {t('security.userCenter.edit')}
          </Button>
        }
      >
        <Descriptions
          column={2}
          data={[
            { label: t('security.userCenter.userName'), value: profile.userName },
            { label: t('security.userCenter.fullName'), value: dash(profile.userFullName) },
            { label: t('security.userCenter.email'), value: dash(profile.email) },
            { label: t('security.userCenter.phone'), value: dash(profile.phone) },
            { label: t('security.userCenter.language'), value: profile.languageCode ? t(`security.languages.${profile.languageCode}`) : '—' },
          ]}
        />
      </Card>
      <ChangePasswordCard profile={profile} />
    </Space>
  );
}

type EditValues = Pick<UserCenter, 'userFullName' | 'email' | 'phone' | 'languageCode'>;

/** /main/userCenter/editUserCenter: name, e-mail, phone, language of one's own account. */
export function EditUserCenterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { profile, error } = useProfile();
  const [form] = Form.useForm<EditValues>();
  const [busy, setBusy] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  useEffect(() => {
    if (profile) form.setFieldsValue({ userFullName: profile.userFullName, email: profile.email, phone: profile.phone, languageCode: profile.languageCode });
  }, [profile, form]);
  if (error) return <Alert type="error" content={error} />;
  if (!profile) return <Spin />;
  const submit = async (v: EditValues) => {
    setBusy(true);
    setSaveError(null);
    try {
      await editUserCenter({ userFullName: v.userFullName || null, email: v.email || null, phone: v.phone || null, languageCode: v.languageCode || null });
      Message.success(t('security.userCenter.saved'));
      navigate('/main/userCenter');
    } catch (e) {
      setSaveError(errorText(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card title={t('security.userCenter.editTitle')} data-testid="user-center-form">
      {saveError && <Alert type="error" content={saveError} style={{ marginBottom: 12 }} />}
      <Form<EditValues> form={form} layout="vertical" style={{ maxWidth: 480 }} onSubmit={(v) => void submit(v)}>
        <Form.Item field="userFullName" label={t('security.userCenter.fullName')} rules={[{ maxLength: 100 }]}>
          <Input data-testid="uc-fullName" />
        </Form.Item>
        <Form.Item field="email" label={t('security.userCenter.email')} rules={[{ type: 'email', message: t('shell.forget.emailInvalid') }]}>
          <Input data-testid="uc-email" />
        </Form.Item>
        <Form.Item
          field="phone"
          label={t('security.userCenter.phone')}
          rules={[{ match: /^[+0-9 ()-]{5,40}$/, message: t('security.userCenter.phoneInvalid') }]}
        >
          <Input data-testid="uc-phone" />
        </Form.Item>
        <Form.Item field="languageCode" label={t('security.userCenter.language')}>
          <Select allowClear options={LANGUAGES.map((l) => ({ label: t(`security.languages.${l}`), value: l }))} data-testid="uc-language" />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" loading={busy} data-testid="uc-save">
            {t('security.userCenter.save')}
          </Button>
          <Button onClick={() => navigate('/main/userCenter')}>{t('security.userCenter.back')}</Button>
        </Space>
      </Form>
    </Card>
  );
}
