// "消息设置" (message settings): a drawer of the inbox where the signed-in user chooses, per message
// source, the channels they receive it on (msgUserRestful/findMine, saveMine). A mandatory source shows
// its channels checked and locked; the server refuses switching one off anyway.
import { useState } from 'react';
import { Button, Checkbox, Drawer, Space, Tag } from '@arco-design/web-react';
import { useRuntimeEnv } from '../../../runtime/env';
import { errorText } from './inboxApi';

const USER_SETTINGS = 'messageServer/v1/msgUserRestful';

export interface SourcePreference {
  sourceCode: string;
  sourceName: string;
  optional: boolean;
  channels: { channel: 'SITE' | 'MAIL' | 'SMS'; enabled: boolean }[];
}

export function MessageSettings() {
  const env = useRuntimeEnv();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [draft, setDraft] = useState<SourcePreference[]>([]);

  const show = async () => {
    try {
      setDraft((await env.api<SourcePreference[]>(`${USER_SETTINGS}/findMine`, {})).data);
      setOpen(true);
    } catch (e) {
      env.notify('error', errorText(e));
    }
  };

  const toggle = (code: string, channel: string, enabled: boolean) =>
    setDraft((d) => d.map((p) => (p.sourceCode !== code ? p : { ...p, channels: p.channels.map((c) => (c.channel === channel ? { ...c, enabled } : c)) })));

  const save = async () => {
    setBusy(true);
    try {
      const settings = draft
        .filter((p) => p.optional)
        .flatMap((p) => p.channels.map((c) => ({ sourceCode: p.sourceCode, channel: c.channel, enabled: c.enabled })));
      await env.api(`${USER_SETTINGS}/saveMine`, { settings });
      env.notify('success', env.t('msg.settings.saved'));
      setOpen(false);
    } catch (e) {
      env.notify('error', errorText(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button data-testid="inbox-settings" onClick={() => void show()}>
        {env.t('msg.settings')}
      </Button>
      <Drawer
        width={520}
        title={<span data-testid="msg-settings-title">{env.t('msg.settings')}</span>}
        visible={open}
        onCancel={() => setOpen(false)}
        unmountOnExit
        footer={
          <Space>
            <Button data-testid="msg-settings-cancel" onClick={() => setOpen(false)}>
              {env.t('actions.cancel')}
            </Button>
            <Button data-testid="msg-settings-save" type="primary" loading={busy} onClick={() => void save()}>
              {env.t('actions.save')}
            </Button>
          </Space>
        }
      >
        <p style={{ color: 'var(--color-text-3)', marginTop: 0 }}>{env.t('msg.settings.hint')}</p>
        <div data-testid="msg-settings">
          {draft.map((p) => (
            <div
              key={p.sourceCode}
              data-testid={`msg-settings-${p.sourceCode}`}
              style={{ display: 'flex', alignItems: 'center', gap: 12, padding: '8px 0', borderBottom: '1px solid var(--color-border-1)' }}
            >
              <span style={{ flex: 1 }}>
                {p.sourceName}
                {!p.optional && (
                  <Tag size="small" style={{ marginLeft: 8 }} data-testid={`msg-settings-mandatory-${p.sourceCode}`}>
                    {env.t('msg.settings.mandatory')}
                  </Tag>
                )}
              </span>
              {p.channels.map((c) => (
                <Checkbox
                  key={c.channel}
                  data-testid={`msg-settings-${p.sourceCode}-${c.channel}`}
                  checked={c.enabled}
                  disabled={!p.optional}
                  onChange={(v: boolean) => toggle(p.sourceCode, c.channel, v)}
                >
                  {env.t(`msg.channel.${c.channel}`)}
                </Checkbox>
              ))}
            </div>
          ))}
        </div>
      </Drawer>
    </>
  );
}
