// How an operation's answer is shown when its button names a view (`action.result`, data in the
// definition): a registered view here, instead of the "done" toast.
import { Button, Input, Modal } from '@arco-design/web-react';
import type { Action } from '../definitions.js';
import type { RuntimeEnv } from '../env.js';

export type ResultView = (env: RuntimeEnv, answer: unknown) => void;

interface ResetAnswer {
  password?: unknown;
  mailed?: unknown;
}

async function copy(env: RuntimeEnv, text: string, input: HTMLInputElement | null): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    // No clipboard permission (plain http, an embedding frame): select it for Ctrl+C instead.
    input?.select();
    document.execCommand?.('copy');
  }
  env.notify('success', env.t('actionResult.copied'));
}

/**
 * A password reset (`{password, mailed}`): a generated password that was not mailed is shown this once,
 * to copy and hand over — it lives only in this dialog; a mailed one is only said to be mailed.
 */
const oneTimePassword: ResultView = (env, answer) => {
  const a = (answer && typeof answer === 'object' ? answer : {}) as ResetAnswer;
  const password = a.mailed !== true && typeof a.password === 'string' ? a.password : undefined;
  let input: HTMLInputElement | null = null;
  Modal.success({
    title: env.t('actionResult.resetTitle'),
    okText: env.t('actionResult.close'),
    content: (
      <div data-testid="reset-result" style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
        {password ? (
          <>
            <div>{env.t('actionResult.newPassword')}</div>
            <div style={{ display: 'flex', gap: 8 }}>
              <Input
                readOnly
                value={password}
                data-testid="reset-password-value"
                style={{ fontFamily: 'monospace' }}
                ref={(r) => {
                  input = r?.dom ?? null;
                }}
              />
              <Button type="primary" data-testid="reset-password-copy" onClick={() => void copy(env, password, input)}>
                {env.t('actionResult.copy')}
              </Button>
            </div>
          </>
        ) : (
          <div data-testid="reset-mailed">{env.t(a.mailed === true ? 'actionResult.mailed' : 'actionResult.setAsGiven')}</div>
        )}
        <div style={{ color: 'var(--color-text-3)' }}>{env.t('actionResult.sessionsEnded')}</div>
      </div>
    ),
  });
};

export const resultViews: Record<NonNullable<Action['result']>, ResultView> = { oneTimePassword };
