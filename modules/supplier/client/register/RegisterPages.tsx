import { Alert, Button, Popconfirm, Spin, Steps } from '@arco-design/web-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { readRegistration, withdrawRegistration, type Registration, type RegisterStatus } from './calls';
import { PublicCard, PublicFrame } from '../../../../src/pages/public/PublicFrame';
import { RegistrationForm } from './RegistrationForm';

const errorText = (e: unknown) => (e instanceof Error ? e.message : String(e));
const EDITABLE: readonly RegisterStatus[] = ['DRAFT', 'REJECTED', 'WITHDRAWN'];

interface State {
  token?: string;
  status?: RegisterStatus;
  data?: Registration;
  rejectReason?: string | null;
  /** Set after a save in this visit: where the link went, and whether the mail left. */
  saved?: { email: string; mailed: boolean };
}

/** Where the registration stands, and what the registrant may do now. */
function StatusPanel({ state, onWithdraw, busy }: { state: State; onWithdraw: () => void; busy: boolean }) {
  const { t } = useTranslation();
  const { status, saved, rejectReason } = state;
  return (
    <div data-testid="register-status" data-status={status ?? ''}>
      {saved && status === 'DRAFT' && (
        <Alert
          type={saved.mailed ? 'success' : 'warning'}
          content={saved.mailed ? t('shell.register.draftMailed', { email: saved.email }) : t('shell.register.draftNotMailed')}
          style={{ marginBottom: 12 }}
        />
      )}
      {status === 'SUBMITTED' && (
        <>
          <Alert type="success" content={t('shell.register.submitted')} style={{ marginBottom: 12 }} />
          <Popconfirm title={t('shell.register.withdrawConfirm')} onOk={onWithdraw}>
            <Button status="warning" loading={busy} data-testid="register-withdraw">
              {t('shell.register.withdraw')}
            </Button>
          </Popconfirm>
        </>
      )}
      {status === 'APPROVED' && <Alert type="success" content={t('shell.register.approved')} />}
      {status === 'REJECTED' && <Alert type="warning" content={t('shell.register.rejected', { reason: rejectReason ?? '' })} style={{ marginBottom: 12 }} />}
      {status === 'WITHDRAWN' && <Alert type="info" content={t('shell.register.withdrawn')} style={{ marginBottom: 12 }} />}
    </div>
  );
}

function Registration({ testId, title, token: linkToken, needsToken }: { testId: string; title: string; token?: string; needsToken?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [state, setState] = useState<State>({ token: linkToken });
  const [loading, setLoading] = useState(Boolean(linkToken));
  const [error, setError] = useState<string | null>(needsToken && !linkToken ? t('shell.register.noToken') : null);
  const [busy, setBusy] = useState(false);
  const [formKey, setFormKey] = useState(0);

  useEffect(() => {
    if (!linkToken) return;
    readRegistration(linkToken)
      .then((r) => setState({ token: linkToken, status: r.status, data: r, rejectReason: r.rejectReason }))
      .catch((e: unknown) => setError(errorText(e)))
      .finally(() => setLoading(false));
  }, [linkToken]);

  const withdraw = async () => {
    if (!state.token) return;
    setBusy(true);
    setError(null);
    try {
      await withdrawRegistration(state.token);
      setState((s) => ({ ...s, status: 'WITHDRAWN', saved: undefined }));
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };

  const step = state.status === 'APPROVED' ? 2 : state.status === 'SUBMITTED' ? 1 : 0;
  const editable = state.status === undefined || EDITABLE.includes(state.status);
  return (
    <PublicFrame>
      <PublicCard title={title} testId={testId} wide>
        <Steps current={step + 1} size="small" style={{ marginBottom: 24 }}>
          <Steps.Step title={t('shell.register.stepCompany')} />
          <Steps.Step title={t('shell.register.stepReview')} />
          <Steps.Step title={t('shell.register.stepAccount')} />
        </Steps>
        {error && (
          <div data-testid="register-load-error">
            <Alert type="error" content={error} style={{ marginBottom: 12 }} />
          </div>
        )}
        {loading ? (
          <Spin />
        ) : (needsToken || linkToken) && !state.status ? null : (
          <>
            <StatusPanel state={state} onWithdraw={() => void withdraw()} busy={busy} />
            {editable && (
              <RegistrationForm
                key={formKey}
                initial={state.data}
                token={state.token}
                onSaved={(a, sent) => {
                  setState((s) => ({ ...s, token: a.token, status: a.status, data: sent, saved: { email: sent.email, mailed: a.mailed } }));
                  // After a submission the form is read-only; a later withdrawal re-opens it with what was sent.
                  if (a.status === 'SUBMITTED') setFormKey((k) => k + 1);
                }}
              />
            )}
          </>
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
  return <Registration testId="register-page" title={t('shell.register.title')} />;
}

export function RegisterInfoEditPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  return <Registration testId="register-edit-page" title={t('shell.register.editTitle')} token={token || undefined} needsToken />;
}
