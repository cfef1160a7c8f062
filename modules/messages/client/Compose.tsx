// messageListDetail (发送消息): an administrator writes a message (title, text, optional page it opens) to
// users and responsibilities on the chosen channels (msgInstanceRestful/doSendManual, template
// MANUAL_NOTICE); the answer says how many it reached, and the instance view opens with who it could not.
import { useState } from 'react';
import { Button, Checkbox, Form, Input } from '@arco-design/web-react';
import { useRuntimeEnv } from '../../../runtime/env';
import { pageUrl } from '../../../runtime/pages/routing';
import type { CustomPageProps } from '../../../runtime/registry/types';
import { resolveText } from '../../../runtime/text/resolveText';
import { errorText } from './inboxApi';

interface Sent {
  instanceId: number;
  recipients: number;
  deliveries: number;
  unresolved: string[];
}

export function Compose({ page, query }: CustomPageProps) {
  const env = useRuntimeEnv();
  const [userNames, setUserNames] = useState('');
  const [responsibilities, setResponsibilities] = useState('');
  const [channels, setChannels] = useState<string[]>(['SITE']);
  const [title, setTitle] = useState('');
  const [content, setContent] = useState('');
  const [route, setRoute] = useState('');
  const [busy, setBusy] = useState(false);

  const send = async () => {
    setBusy(true);
    try {
      const sent = (await env.api<Sent>('messageServer/v1/msgInstanceRestful/doSendManual', { userNames, responsibilities, channels, title, content, route }))
        .data;
      env.notify(sent.unresolved.length ? 'warning' : 'success', env.t('msg.compose.sent', { recipients: sent.recipients, deliveries: sent.deliveries }));
      env.navigate(pageUrl('msgInstanceCheck', { id: sent.instanceId, mode: 'view' }, query));
    } catch (e) {
      env.notify('error', errorText(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="srm-page" data-page={page.name} data-testid="msg-compose" style={{ maxWidth: 760 }}>
      <h2 style={{ fontSize: 18, fontWeight: 600, margin: '0 0 12px' }}>{resolveText(page.title, env)}</h2>
      <Form layout="vertical">
        <Form.Item label={env.t('msg.compose.users')}>
          <Input value={userNames} onChange={setUserNames} data-testid="msg-compose-users" placeholder="buyer01, approver01" />
        </Form.Item>
        <Form.Item label={env.t('msg.compose.responsibilities')}>
          <Input value={responsibilities} onChange={setResponsibilities} data-testid="msg-compose-resps" placeholder="PR_APPROVER" />
        </Form.Item>
        <Form.Item label={env.t('msg.compose.channels')}>
          <Checkbox.Group value={channels} onChange={setChannels} data-testid="msg-compose-channels">
            <Checkbox value="SITE">{env.t('msg.channel.SITE')}</Checkbox>
            <Checkbox value="MAIL">{env.t('msg.channel.MAIL')}</Checkbox>
            <Checkbox value="SMS">{env.t('msg.channel.SMS')}</Checkbox>
          </Checkbox.Group>
        </Form.Item>
        <Form.Item label={env.t('msg.title')}>
          <Input value={title} onChange={setTitle} maxLength={200} data-testid="msg-compose-title" />
        </Form.Item>
        <Form.Item label={env.t('msg.content')}>
          <Input.TextArea value={content} onChange={setContent} maxLength={2000} autoSize={{ minRows: 4, maxRows: 12 }} data-testid="msg-compose-content" />
        </Form.Item>
        <Form.Item label={env.t('msg.compose.route')}>
          <Input value={route} onChange={setRoute} data-testid="msg-compose-route" />
        </Form.Item>
        {env.can('btnSend') && (
          <div>
            <Button type="primary" loading={busy} onClick={() => void send()} data-testid="msg-compose-send">
              {env.t('msg.compose.send')}
            </Button>
          </div>
        )}
      </Form>
    </div>
  );
}
