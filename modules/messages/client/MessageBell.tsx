// The bell in the header: the unread count as a badge and the latest messages in a popover; a click opens
// the message's document and marks it read. It refreshes on each pushed "message" frame when the live
// service runs, else on window focus and every minute; and whenever the inbox changed in this tab.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Badge, Button, Empty, Popover, Spin } from '@arco-design/web-react';
import { IconNotification } from '@arco-design/web-react/icon';
import { useRuntimeEnv } from '../../../runtime/env';
import { hasService, service } from '../../../runtime/registry/services';
import { errorText, inboxApi, INBOX_CHANGED, openMessage, type InboxMessage } from './inboxApi';

const LATEST = 5;

const itemStyle = (unread: boolean) =>
  ({
    display: 'flex',
    flexDirection: 'column',
    width: '100%',
    padding: '6px 4px',
    border: 0,
    borderTop: '1px solid var(--color-border-1)',
    background: 'none',
    textAlign: 'left',
    cursor: 'pointer',
    fontWeight: unread ? 600 : 400,
    color: 'var(--color-text-1)',
  }) as const;
const POLL_MS = 60_000;

export function MessageBell() {
  const env = useRuntimeEnv();
  const api = useMemo(() => inboxApi(env), [env]);
  const [count, setCount] = useState(0);
  const [latest, setLatest] = useState<InboxMessage[] | null>(null);
  const [open, setOpen] = useState(false);
  const busy = useRef(false);
  const again = useRef(false);

  // One refresh at a time; a request while one runs makes one more afterwards (a burst of frames: two calls).
  const refresh = useCallback(async () => {
    if (busy.current) {
      again.current = true;
      return;
    }
    busy.current = true;
    try {
      do {
        again.current = false;
        const [n, page] = await Promise.all([api.countUnread(), api.list({}, 1, LATEST)]);
        setCount(n);
        setLatest(page.rows);
      } while (again.current);
    } catch {
      // A failed refresh keeps what the bell showed; the next frame, focus or tick tries again.
    } finally {
      busy.current = false;
    }
  }, [api]);

  useEffect(() => {
    void refresh();
    const onChange = () => void refresh();
    window.addEventListener(INBOX_CHANGED, onChange);
    window.addEventListener('focus', onChange);
    const live = hasService('live') ? service('live').subscribe('message', onChange) : null;
    const timer = live ? null : setInterval(onChange, POLL_MS);
    return () => {
      window.removeEventListener(INBOX_CHANGED, onChange);
      window.removeEventListener('focus', onChange);
      live?.();
      if (timer) clearInterval(timer);
    };
  }, [refresh]);

  const choose = async (m: InboxMessage) => {
    setOpen(false);
    try {
      await openMessage(env, m);
    } catch (e) {
      env.notify('error', errorText(e));
    }
  };

  const content = (
    <div data-testid="message-bell-popover" style={{ width: 320 }}>
      <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', marginBottom: 4, fontWeight: 600 }}>
        <span>{env.t('msg.latest')}</span>
        <Button type="text" size="mini" data-testid="message-bell-all" onClick={() => (setOpen(false), env.navigate('/main/msgReceive'))}>
          {env.t('msg.viewAll')}
        </Button>
      </div>
      {latest === null ? (
        <Spin />
      ) : latest.length === 0 ? (
        <Empty description={env.t('msg.none')} />
      ) : (
        <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {latest.map((m) => (
            <li key={m.messageId}>
              <button
                type="button"
                style={itemStyle(m.readFlag === 'N')}
                data-testid={`message-bell-item-${m.messageId}`}
                data-read={m.readFlag}
                onClick={() => void choose(m)}
              >
                <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{m.title}</span>
                <span style={{ fontSize: 12, color: 'var(--color-text-3)' }}>{m.sendTime}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );

  return (
    <Popover trigger="click" position="br" content={content} popupVisible={open} onVisibleChange={(v) => (setOpen(v), v && void refresh())}>
      <Badge count={count} maxCount={99} dot={false} offset={[-4, 4]}>
        <Button
          type="text"
          className="srm-header-button"
          data-testid="message-bell"
          data-unread={count}
          aria-label={env.t('msg.bell', { count })}
          icon={<IconNotification />}
        />
      </Badge>
    </Popover>
  );
}
