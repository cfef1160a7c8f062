import { Alert, Button, Empty, List, Pagination, Spin, Tag } from '@arco-design/web-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { PublicCard, PublicFrame } from './PublicFrame';
import { findPublicNotice, listPublicNotices, type PublicNotice } from './noticeService';

const PAGE_ROWS = 10;
const dateOf = (v: string | null | undefined) => (v ? v.slice(0, 10) : '');
const errorText = (e: unknown) => (e instanceof Error ? e.message : String(e));

/** Public notice list (no session): what is published, public and valid, in the visitor's language. */
export function NoticeMorePage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [page, setPage] = useState(1);
  const [state, setState] = useState<{ rows: PublicNotice[]; count: number; error?: string } | null>(null);
  useEffect(() => {
    let alive = true;
    setState(null);
    listPublicNotices(page, PAGE_ROWS).then(
      (r) => alive && setState(r),
      (e: unknown) => alive && setState({ rows: [], count: 0, error: errorText(e) }),
    );
    return () => {
      alive = false;
    };
  }, [page, i18n.language]);
  return (
    <PublicFrame>
      <PublicCard title={t('shell.notice.listTitle')} testId="notice-more" wide>
        {state === null ? (
          <Spin style={{ display: 'block', margin: '24px auto' }} />
        ) : state.error ? (
          <Alert type="error" content={t('shell.notice.loadFailed', { msg: state.error })} />
        ) : state.rows.length === 0 ? (
          <Empty description={t('shell.notice.empty')} />
        ) : (
          <>
            <List
              bordered={false}
              dataSource={state.rows}
              render={(n) => (
                <List.Item key={n.noticeId} data-testid="notice-item">
                  <Button type="text" className="srm-notice-link" onClick={() => navigate(`/notice/noticePreview?id=${n.noticeId}`)}>
                    {n.title}
                  </Button>
                  <div className="srm-notice-meta">
                    <Tag size="small" color={n.noticeType === 'NOTICE' ? 'arcoblue' : 'green'}>
                      {t(`shell.notice.type.${n.noticeType === 'NOTICE' ? 'notice' : 'notification'}`)}
                    </Tag>
                    <span>{t('shell.notice.publishedAt', { date: dateOf(n.publishDate) })}</span>
                  </div>
                </List.Item>
              )}
            />
            {state.count > PAGE_ROWS && <Pagination size="small" total={state.count} pageSize={PAGE_ROWS} current={page} onChange={setPage} />}
          </>
        )}
        <Button type="text" long onClick={() => navigate('/login')}>
          {t('shell.common.backToLogin')}
        </Button>
      </PublicCard>
    </PublicFrame>
  );
}

/** One public notice; one that is not (or no longer) public answers like a missing one. */
export function NoticePreviewPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const id = search.get('id');
  const [state, setState] = useState<{ notice?: PublicNotice; error?: string } | null>(null);
  useEffect(() => {
    let alive = true;
    if (!id || !/^\d+$/.test(id)) return setState({ error: id ? t('shell.notice.notFound', { id }) : t('shell.notice.noId') });
    setState(null);
    findPublicNotice(Number(id)).then(
      (notice) => alive && setState({ notice }),
      (e: unknown) => alive && setState({ error: errorText(e) }),
    );
    return () => {
      alive = false;
    };
  }, [id, i18n.language, t]);
  const n = state?.notice;
  return (
    <PublicFrame>
      <PublicCard title={n?.title ?? t('shell.notice.previewTitle')} testId="notice-preview" wide>
        {state === null ? (
          <Spin style={{ display: 'block', margin: '24px auto' }} />
        ) : !n ? (
          <Empty description={state.error} />
        ) : (
          <>
            <div className="srm-notice-meta">
              <span>{t('shell.notice.publishedAt', { date: dateOf(n.publishDate) })}</span>
              <span>{n.validTo ? t('shell.notice.validTo', { date: dateOf(n.validTo) }) : t('shell.notice.noEnd')}</span>
            </div>
            {/* The content is the server's allow-list sanitised HTML (no script, no event handlers). */}
            <div className="srm-notice-content" data-testid="notice-content" dangerouslySetInnerHTML={{ __html: n.content ?? '' }} />
            {n.attachmentCount ? <Alert type="info" content={t('shell.notice.attachments', { count: n.attachmentCount })} /> : null}
          </>
        )}
        <Button type="text" long onClick={() => navigate('/notice/noticeMore')}>
          {t('shell.notice.backToList')}
        </Button>
      </PublicCard>
    </PublicFrame>
  );
}
