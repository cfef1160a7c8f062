// The signed-in user's notices on the home (supplier portal home: theirs; internal home: all published).
// It reloads when the server pushes a "notice" frame (a notice published or withdrawn for this user's
// audience) or a "reset" (frames were missed), so a new notice appears without a page reload.
import { Alert, Button, Card, Empty, List, Modal, Spin, Tag } from '@arco-design/web-react';
import { useCallback, useEffect, useState } from 'react';
import { useRuntimeEnv } from '../../../runtime/env';
import { service } from '../../../runtime/registry/services';
import { NOTICE_CALLS } from './paths';

interface Notice {
  noticeId: number;
  title: string;
  noticeType: string;
  validTo: string | null;
  publishDate: string | null;
  content?: string;
  attachmentCount?: number;
}

const ROWS = 8;
const dateOf = (v: string | null | undefined) => (v ? v.slice(0, 10) : '');
const errorText = (e: unknown) => (e instanceof Error ? e.message : String(e));

export default function NoticePanel() {
  const env = useRuntimeEnv();
  const { t } = env;
  const [rows, setRows] = useState<Notice[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [open, setOpen] = useState<Notice | null>(null);

  const load = useCallback(() => {
    env.api<Notice[]>(NOTICE_CALLS.listMine, { pageIndex: 1, pageRows: ROWS }).then(
      (a) => {
        setRows(a.data);
        setError(null);
      },
      (e: unknown) => setError(errorText(e)),
    );
  }, [env]);

  useEffect(() => {
    load();
    const live = service('live');
    const offs = [live.subscribe('notice', load), live.subscribe('reset', load)];
    return () => offs.forEach((off) => off());
  }, [load]);

  const show = (n: Notice) => {
    setOpen(n);
    env.api<Notice>(NOTICE_CALLS.findMine, { id: n.noticeId }).then(
      (a) => setOpen(a.data),
      (e: unknown) => {
        setOpen(null);
        env.notify('error', errorText(e));
      },
    );
  };

  return (
    <Card bordered={false} className="srm-home-card" title={t('notice.homeTitle')} data-testid="home-notices">
      {error ? (
        <Alert type="error" content={t('notice.loadFailed', { msg: error })} />
      ) : rows === null ? (
        <Spin />
      ) : rows.length === 0 ? (
        <Empty description={t('notice.homeEmpty')} />
      ) : (
        <List
          size="small"
          bordered={false}
          dataSource={rows}
          render={(n) => (
            <List.Item key={n.noticeId} data-testid="home-notice">
              <div style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
                <Tag size="small" color={n.noticeType === 'NOTICE' ? 'arcoblue' : 'green'}>
                  {t(`notice.type.${n.noticeType === 'NOTICE' ? 'NOTICE' : 'NOTIFICATION'}`)}
                </Tag>
                <Button
                  type="text"
                  size="small"
                  style={{ padding: 0, flex: 1, textAlign: 'left', whiteSpace: 'normal', height: 'auto' }}
                  onClick={() => show(n)}
                >
                  {n.title}
                </Button>
                <span style={{ color: 'var(--color-text-3)', fontSize: 12 }}>{dateOf(n.publishDate)}</span>
              </div>
            </List.Item>
          )}
        />
      )}
      <Modal
        visible={open !== null}
        title={open?.title}
        onCancel={() => setOpen(null)}
        footer={<Button onClick={() => setOpen(null)}>{t('notice.close')}</Button>}
        style={{ width: 720 }}
      >
        {open?.content === undefined ? (
          <Spin />
        ) : (
          <>
            <div style={{ color: 'var(--color-text-3)', fontSize: 13 }}>
              {t('notice.publishedAt', { date: dateOf(open.publishDate) })} ·{' '}
              {open.validTo ? t('notice.validTo', { date: dateOf(open.validTo) }) : t('notice.noEnd')}
            </div>
            {/* Server-sanitised HTML (allow-list: no script, no handlers). */}
            <div data-testid="home-notice-content" style={{ marginTop: 12, lineHeight: 1.7 }} dangerouslySetInnerHTML={{ __html: open.content }} />
            {open.attachmentCount ? <Alert type="info" content={t('notice.attachments', { count: open.attachmentCount })} /> : null}
          </>
        )}
      </Modal>
    </Card>
  );
}
