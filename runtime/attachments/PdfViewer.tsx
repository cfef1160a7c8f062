// The PDF viewer of SPEC §2: a full-page overlay with a close button, hidden until the file has loaded.
// pdfjs-dist is not installed in this repository yet, so the overlay embeds the browser's own PDF
// renderer: an <iframe> of a blob: URL of the downloaded bytes (never the server URL: the download is
// signed, and the bytes are typed application/pdf here, whatever the server said).
import { useEffect, useMemo, useState } from 'react';
import { createPortal } from 'react-dom';
import { Button } from '@arco-design/web-react';
import { useRuntimeEnv } from '../env.js';

export interface PdfViewerProps {
  /** The PDF bytes; null closes the overlay. */
  blob: Blob | null;
  title?: string;
  onClose(): void;
}

export function PdfViewer({ blob, title, onClose }: PdfViewerProps) {
  const env = useRuntimeEnv();
  const url = useMemo(() => (blob ? URL.createObjectURL(new Blob([blob], { type: 'application/pdf' })) : null), [blob]);
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    setLoaded(false);
    if (!url) return undefined;
    // Chromium's viewer does not always fire load for a plugin document; the bytes are here already.
    const timer = setTimeout(() => setLoaded(true), 1500);
    return () => {
      clearTimeout(timer);
      URL.revokeObjectURL(url);
    };
  }, [url]);
  useEffect(() => {
    if (!url) return undefined;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [url, onClose]);
  if (!url || typeof document === 'undefined') return null;
  return createPortal(
    <div
      data-testid="pdf-viewer"
      data-loaded={loaded ? 'Y' : 'N'}
      role="dialog"
      aria-label={title ?? env.t('attachment.pdfPreview')}
      style={{
        position: 'fixed', inset: 0, zIndex: 1100, background: '#1d2129', display: 'flex', flexDirection: 'column',
        visibility: loaded ? 'visible' : 'hidden',
      }}
    >
      <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', padding: '8px 16px', color: '#fff' }}>
        <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{title}</span>
        <Button data-testid="pdf-viewer-close" type="primary" status="danger" onClick={onClose}>
          {env.t('attachment.close')}
        </Button>
      </div>
      <iframe data-testid="pdf-viewer-frame" title={title ?? 'pdf'} src={url} onLoad={() => setLoaded(true)} style={{ flex: 1, border: 0, background: '#525659' }} />
    </div>,
    document.body,
  );
}
