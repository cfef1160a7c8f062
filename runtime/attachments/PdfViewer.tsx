// The PDF viewer of SPEC §2: a full-page overlay built on pdfjs-dist (loaded lazily, so it stays out of
// the initial bundle; its worker comes through Vite's ?url). Pages are drawn to canvases as they scroll
// into view; zoom in/out, page count, close (button or Escape). The overlay stays hidden until the
// document has loaded; a file pdfjs cannot open is reported through env.notify and the overlay closes.
// No eval: `isEvalSupported: false`.
import { useCallback, useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { Button, Space } from '@arco-design/web-react';
import type { PDFDocumentProxy, RenderTask } from 'pdfjs-dist';
import { useRuntimeEnv } from '../env.js';

export interface PdfViewerProps {
  /** The PDF bytes; null closes the overlay. */
  blob: Blob | null;
  title?: string;
  onClose(): void;
}

const SCALES = [0.5, 0.75, 1, 1.25, 1.5, 2, 3];

async function loadPdfjs() {
  const [pdfjs, worker] = await Promise.all([import('pdfjs-dist'), import('pdfjs-dist/build/pdf.worker.min.mjs?url')]);
  if (pdfjs.GlobalWorkerOptions.workerSrc !== worker.default) pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
  return pdfjs;
}

interface PageProps {
  doc: PDFDocumentProxy;
  index: number;
  scale: number;
  /** Size of page 1 at this scale: the placeholder until the page itself is drawn. */
  guess: { width: number; height: number };
  root: HTMLElement | null;
}

function PdfPage({ doc, index, scale, guess, root }: PageProps) {
  const holder = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const [visible, setVisible] = useState(false);
  const [size, setSize] = useState(guess);
  const [drawn, setDrawn] = useState(false);
  useEffect(() => {
    const el = holder.current;
    if (!el) return undefined;
    if (typeof IntersectionObserver === 'undefined') {
      setVisible(true);
      return undefined;
    }
    const io = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setVisible(true), { root, rootMargin: '400px 0px' });
    io.observe(el);
    return () => io.disconnect();
  }, [root]);
  useEffect(() => {
    if (!visible) return undefined;
    let task: RenderTask | null = null;
    let cancelled = false;
    setDrawn(false);
    void (async () => {
      const page = await doc.getPage(index + 1);
      if (cancelled || !canvas.current) return;
      const viewport = page.getViewport({ scale });
      const ratio = window.devicePixelRatio || 1;
      const c = canvas.current;
      c.width = Math.floor(viewport.width * ratio);
      c.height = Math.floor(viewport.height * ratio);
      c.style.width = `${Math.floor(viewport.width)}px`;
      c.style.height = `${Math.floor(viewport.height)}px`;
      setSize({ width: Math.floor(viewport.width), height: Math.floor(viewport.height) });
      task = page.render({ canvas: c, canvasContext: c.getContext('2d')!, viewport, transform: ratio !== 1 ? [ratio, 0, 0, ratio, 0, 0] : undefined });
      await task.promise;
      if (!cancelled) setDrawn(true);
    })().catch((e: unknown) => {
      if ((e as { name?: string })?.name !== 'RenderingCancelledException') console.warn('pdf page', index + 1, e);
    });
    return () => {
      cancelled = true;
      task?.cancel();
    };
  }, [visible, doc, index, scale]);
  return (
    <div
      ref={holder}
      data-testid={`pdf-viewer-page-${index + 1}`}
      data-drawn={drawn ? 'Y' : 'N'}
      style={{ width: size.width, height: size.height, margin: '0 auto 12px', background: '#fff', boxShadow: '0 2px 8px rgba(0,0,0,.4)' }}
    >
      {visible && <canvas ref={canvas} style={{ display: 'block' }} />}
    </div>
  );
}

export function PdfViewer({ blob, title, onClose }: PdfViewerProps) {
  const env = useRuntimeEnv();
  const [doc, setDoc] = useState<PDFDocumentProxy | null>(null);
  const [guess, setGuess] = useState({ width: 595, height: 842 });
  const [scaleIndex, setScaleIndex] = useState(2);
  const [scroller, setScroller] = useState<HTMLDivElement | null>(null);
  const closeRef = useRef(onClose);
  closeRef.current = onClose;
  // The latest env for the load's failure message: a new env (language, page resources) must not reload the document.
  const envRef = useRef(env);
  envRef.current = env;
  const scale = SCALES[scaleIndex];

  useEffect(() => {
    setDoc(null);
    if (!blob) return undefined;
    let cancelled = false;
    let loaded: PDFDocumentProxy | null = null;
    let destroy: (() => Promise<void>) | null = null;
    void (async () => {
      const pdfjs = await loadPdfjs();
      const data = new Uint8Array(await blob.arrayBuffer());
      if (cancelled) return;
      const task = pdfjs.getDocument({ data, isEvalSupported: false });
      destroy = () => task.destroy();
      loaded = await task.promise;
      if (cancelled) return;
      setDoc(loaded);
    })().catch((e: unknown) => {
      if (cancelled) return;
      const env = envRef.current;
      env.notify('error', `${env.t('attachment.pdfLoadFailed')}${e instanceof Error && e.message ? `: ${e.message}` : ''}`);
      closeRef.current();
    });
    return () => {
      cancelled = true;
      if (destroy) void destroy();
      else void (loaded as PDFDocumentProxy | null)?.destroy();
    };
  }, [blob]);

  useEffect(() => {
    if (!doc) return undefined;
    let cancelled = false;
    void doc.getPage(1).then((p) => {
      if (cancelled) return;
      const v = p.getViewport({ scale });
      setGuess({ width: Math.floor(v.width), height: Math.floor(v.height) });
    });
    return () => {
      cancelled = true;
    };
  }, [doc, scale]);

  useEffect(() => {
    if (!blob) return undefined;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && closeRef.current();
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [blob]);

  const zoom = useCallback((d: number) => setScaleIndex((i) => Math.min(SCALES.length - 1, Math.max(0, i + d))), []);

  if (!blob || typeof document === 'undefined') return null;
  const loaded = doc !== null;
  return createPortal(
    <div
      data-testid="pdf-viewer"
      data-loaded={loaded ? 'Y' : 'N'}
      data-pages={doc?.numPages ?? 0}
      data-scale={scale}
      role="dialog"
      aria-label={title ?? env.t('attachment.pdfPreview')}
      style={{
        position: 'fixed',
        inset: 0,
        zIndex: 1100,
        background: '#1d2129',
        display: 'flex',
        flexDirection: 'column',
        visibility: loaded ? 'visible' : 'hidden',
      }}
    >
      <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 12, padding: '8px 16px', color: '#fff' }}>
        <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{title}</span>
        <Space>
          <span data-testid="pdf-viewer-pages">{env.t('attachment.pages', { count: doc?.numPages ?? 0 })}</span>
          <Button data-testid="pdf-viewer-zoom-out" size="small" disabled={scaleIndex === 0} onClick={() => zoom(-1)}>
            {env.t('attachment.zoomOut')}
          </Button>
          <span style={{ minWidth: 48, textAlign: 'center' }}>{Math.round(scale * 100)}%</span>
          <Button data-testid="pdf-viewer-zoom-in" size="small" disabled={scaleIndex === SCALES.length - 1} onClick={() => zoom(1)}>
            {env.t('attachment.zoomIn')}
          </Button>
          <Button data-testid="pdf-viewer-close" type="primary" status="danger" onClick={onClose}>
            {env.t('attachment.close')}
          </Button>
        </Space>
      </div>
      <div ref={setScroller} data-testid="pdf-viewer-frame" style={{ flex: 1, overflow: 'auto', background: '#525659', padding: '16px 0' }}>
        {doc &&
          Array.from({ length: doc.numPages }, (_, i) => <PdfPage key={`${i}@${scale}`} doc={doc} index={i} scale={scale} guess={guess} root={scroller} />)}
      </div>
    </div>,
    document.body,
  );
}
