// The image viewer of SPEC §2: a draggable modal titled "image browse", zoom in/out, rotate left/right,
// a 180×180 crop box whose content is drawn to a canvas and downloaded as JPEG named author-img;
// z-index 1100; the image is dropped on cancel.
import { useCallback, useEffect, useRef, useState, type MouseEvent as ReactMouseEvent } from 'react';
import { Button, Modal, Space } from '@arco-design/web-react';
import { useRuntimeEnv } from '../env.js';

export const CROP_SIZE = 180;
export const VIEWER_Z_INDEX = 1100;
const STAGE = 420;

export interface ImageViewerProps {
  visible: boolean;
  /** Object URL or ticket URL of the image. */
  src: string | null;
  onClose(): void;
  /** Receives the cropped JPEG (data URL) on download, e.g. for an avatar. */
  onCrop?(dataUrl: string): void;
  getPopupContainer?: () => Element;
}

/** Fits the natural size into the stage (the displayed size at scale 1). */
export function fitSize(w: number, h: number, box = STAGE): { width: number; height: number } {
  if (!(w > 0 && h > 0)) return { width: 0, height: 0 };
  const k = Math.min(1, box / Math.max(w, h));
  return { width: w * k, height: h * k };
}

/** Draws what the centred crop box shows (image scaled and rotated about the stage centre) as JPEG. */
export function cropToJpeg(img: HTMLImageElement, scale: number, rotate: number, quality = 0.92): string {
  const canvas = document.createElement('canvas');
  canvas.width = CROP_SIZE;
  canvas.height = CROP_SIZE;
  const ctx = canvas.getContext('2d');
  if (!ctx) return '';
  ctx.fillStyle = '#ffffff'; // JPEG has no alpha: transparent areas become white
  ctx.fillRect(0, 0, CROP_SIZE, CROP_SIZE);
  const { width, height } = fitSize(img.naturalWidth, img.naturalHeight);
  ctx.translate(CROP_SIZE / 2, CROP_SIZE / 2);
  ctx.rotate((rotate * Math.PI) / 180);
  ctx.scale(scale, scale);
  ctx.drawImage(img, -width / 2, -height / 2, width, height);
  return canvas.toDataURL('image/jpeg', quality);
}

export function ImageViewer({ visible, src, onClose, onCrop, getPopupContainer }: ImageViewerProps) {
  const env = useRuntimeEnv();
  const [scale, setScale] = useState(1);
  const [rotate, setRotate] = useState(0);
  const [offset, setOffset] = useState({ x: 0, y: 0 });
  const [shown, setShown] = useState<string | null>(null);
  const imgRef = useRef<HTMLImageElement>(null);

  useEffect(() => {
    if (visible) setShown(src);
  }, [visible, src]);

  const clear = useCallback(() => {
    setShown(null);
    setScale(1);
    setRotate(0);
    setOffset({ x: 0, y: 0 });
    onClose();
  }, [onClose]);

  const startDrag = (e: ReactMouseEvent) => {
    if ((e.target as HTMLElement).closest('button')) return;
    const start = { x: e.clientX - offset.x, y: e.clientY - offset.y };
    const move = (ev: MouseEvent) => setOffset({ x: ev.clientX - start.x, y: ev.clientY - start.y });
    const up = () => {
      document.removeEventListener('mousemove', move);
      document.removeEventListener('mouseup', up);
    };
    document.addEventListener('mousemove', move);
    document.addEventListener('mouseup', up);
    e.preventDefault();
  };

  const download = () => {
    const img = imgRef.current;
    if (!img || !img.complete) return;
    const dataUrl = cropToJpeg(img, scale, rotate);
    onCrop?.(dataUrl);
    const a = document.createElement('a');
    a.href = dataUrl;
    a.download = 'author-img.jpg';
    document.body.appendChild(a);
    a.click();
    a.remove();
  };

  const title = (
    <div data-testid="image-viewer-title" onMouseDown={startDrag} style={{ cursor: 'move', userSelect: 'none' }}>
      {env.t('attachment.viewer.title')}
    </div>
  );
  const zoom = (k: number) => setScale((s) => Math.min(8, Math.max(0.1, Math.round(s * k * 100) / 100)));
  return (
    <Modal
      visible={visible}
      title={title}
      onCancel={clear}
      footer={null}
      unmountOnExit
      maskClosable={false}
      getPopupContainer={getPopupContainer}
      style={{ width: STAGE + 48, position: 'relative', left: offset.x, top: offset.y }}
      wrapStyle={{ zIndex: VIEWER_Z_INDEX }}
      maskStyle={{ zIndex: VIEWER_Z_INDEX }}
      wrapClassName="srm-image-viewer"
    >
      <div data-testid="image-viewer" data-scale={scale} data-rotate={rotate}>
        <div
          style={{
            position: 'relative',
            width: STAGE,
            height: STAGE,
            overflow: 'hidden',
            background: 'repeating-conic-gradient(#f2f3f5 0% 25%, #fff 0% 50%) 50% / 20px 20px',
            margin: '0 auto',
          }}
        >
          {shown && (
            <img
              ref={imgRef}
              data-testid="image-viewer-img"
              src={shown}
              alt=""
              draggable={false}
              style={{
                position: 'absolute',
                left: '50%',
                top: '50%',
                maxWidth: STAGE,
                maxHeight: STAGE,
                transform: `translate(-50%, -50%) rotate(${rotate}deg) scale(${scale})`,
                transition: 'transform .15s',
              }}
            />
          )}
          <div
            data-testid="image-viewer-crop"
            style={{
              position: 'absolute',
              left: (STAGE - CROP_SIZE) / 2,
              top: (STAGE - CROP_SIZE) / 2,
              width: CROP_SIZE,
              height: CROP_SIZE,
              boxShadow: '0 0 0 9999px rgba(0,0,0,.35)',
              outline: '1px dashed #fff',
              pointerEvents: 'none',
            }}
          />
        </div>
        <Space style={{ marginTop: 12, display: 'flex', justifyContent: 'center' }} wrap>
          <Button data-testid="viewer-zoom-in" onClick={() => zoom(1.25)}>
            {env.t('attachment.viewer.zoomIn')}
          </Button>
          <Button data-testid="viewer-zoom-out" onClick={() => zoom(0.8)}>
            {env.t('attachment.viewer.zoomOut')}
          </Button>
          <Button data-testid="viewer-rotate-left" onClick={() => setRotate((r) => r - 90)}>
            {env.t('attachment.viewer.rotateLeft')}
          </Button>
          <Button data-testid="viewer-rotate-right" onClick={() => setRotate((r) => r + 90)}>
            {env.t('attachment.viewer.rotateRight')}
          </Button>
          <Button data-testid="viewer-download" type="primary" onClick={download}>
            {env.t('attachment.viewer.download')}
          </Button>
        </Space>
      </div>
    </Modal>
  );
}
