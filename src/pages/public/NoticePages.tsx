import { Button, Empty } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { PublicCard, PublicFrame } from './PublicFrame';

/** Public notice list; the notice family is not built yet, so it shows an honest empty state. */
export function NoticeMorePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <PublicFrame>
      <PublicCard title={t('shell.notice.listTitle')} testId="notice-more">
        <Empty description={t('shell.notice.empty')} />
        <Button type="text" long onClick={() => navigate('/login')}>
          {t('shell.common.backToLogin')}
        </Button>
      </PublicCard>
    </PublicFrame>
  );
}

export function NoticePreviewPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const id = search.get('id');
  return (
    <PublicFrame>
      <PublicCard title={t('shell.notice.previewTitle')} testId="notice-preview">
        <Empty description={id ? t('shell.notice.notFound', { id }) : t('shell.notice.noId')} />
        <Button type="text" long onClick={() => navigate('/notice/noticeMore')}>
          {t('shell.notice.backToList')}
        </Button>
      </PublicCard>
    </PublicFrame>
  );
}
