// Embedded external pages. Only http(s) addresses are framed: a javascript: or data: URL in the
// query string would otherwise run inside the application's origin.
import { Empty } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

export function safeFrameUrl(raw: string | null): string | null {
  if (!raw) return null;
  try {
    const url = new URL(raw, window.location.origin);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

function Frame({ url, title }: { url: string | null; title: string }) {
  const { t } = useTranslation();
  if (!url) return <Empty className="srm-frame-empty" description={t('shell.iframe.noUrl')} />;
  return <iframe className="srm-frame" src={url} title={title} sandbox="allow-scripts allow-forms allow-same-origin allow-popups" />;
}

/** /main/iframe and /main/testIframes: the address comes from the tab's own query. */
export function FramePage({ params, titleKey }: { params: Record<string, string>; titleKey: string }) {
  const { t } = useTranslation();
  return <Frame url={safeFrameUrl(params.url ?? null)} title={t(titleKey)} />;
}

/** /iframeBox: a frame container outside the main layout. */
export function IframeBox() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  return (
    <div className="srm-iframe-box" data-testid="iframe-box">
      <Frame url={safeFrameUrl(search.get('url'))} title={t('shell.iframe.title')} />
    </div>
  );
}
