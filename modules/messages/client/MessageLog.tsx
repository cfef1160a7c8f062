// msgLog: every e-mail and SMS attempt (and what was not sent, and why) with its text, above it what the
// channels do on this server: the SMS provider (the default one only writes this log: no text message
// reaches a phone) and whether a mail server is configured. The list itself is the runtime's list page.
import { useEffect, useState } from 'react';
import { Alert } from '@arco-design/web-react';
import { useRuntimeEnv } from '../../../runtime/env';
import { ListPage } from '../../../runtime/pages/ListPage';
import type { CustomPageProps } from '../../../runtime/registry/types';

interface ChannelInfo {
  smsProvider: string;
  smsDelivers: boolean;
  mailConfigured: boolean;
  mailServer: string | null;
}

export function MessageLog({ page, entities, query }: CustomPageProps) {
  const env = useRuntimeEnv();
  const [info, setInfo] = useState<ChannelInfo | null>(null);
  useEffect(() => {
    let live = true;
    env.api<ChannelInfo>('messageServer/v1/msgLogRestful/getChannelInfo', {}).then(
      (a) => live && setInfo(a.data),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [env]);
  const entity = page.entity ? entities[page.entity] : undefined;
  if (!entity) throw new Error(`Page "${page.name}" needs an entity`);
  return (
    <div data-testid="msg-log">
      {info && (
        <div style={{ display: 'flex', flexDirection: 'column', gap: 8, padding: '12px 16px 0' }}>
          <Alert
            type={info.smsDelivers ? 'info' : 'warning'}
            data-testid="msg-log-sms"
            data-provider={info.smsProvider}
            content={env.t(info.smsDelivers ? 'msg.smsProvider' : 'msg.smsLogOnly', { provider: info.smsProvider })}
          />
          <Alert
            type={info.mailConfigured ? 'info' : 'warning'}
            data-testid="msg-log-mail"
            content={info.mailConfigured ? env.t('msg.mailServer', { server: info.mailServer }) : env.t('msg.mailOff')}
          />
        </div>
      )}
      <ListPage page={{ ...page, kind: 'list' }} entity={entity} entities={entities} query={query} />
    </div>
  );
}
