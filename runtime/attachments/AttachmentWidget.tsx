// The attachment widget of SPEC §2: an upload button with a count badge; hovering shows the files
// (name: click to download; per row preview, download, delete) in a list of at most 240 px; a progress
// bar with percentage during upload. The value is the record's id string ("1,2,3"), rebuilt on every
// change. Every side effect goes through the RuntimeEnv.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Badge, Button, Modal, Popover, Progress, Space, Table, Tooltip } from '@arco-design/web-react';
import type { AttachmentConfig } from '../definitions.js';
import { ApiError, useRuntimeEnv } from '../env.js';
import { evaluateCondition, type RecordLike } from '../../meta/conditions.js';
import {
  deleteAttachments,
  downloadAttachment,
  HTML_PREVIEW_EXTENSIONS,
  listAttachments,
  previewHtml,
  previewPdf,
  saveBlob,
  serverLimits,
  uploadAll,
} from './api.js';
import { ImageViewer } from './ImageViewer.js';
import { PdfViewer } from './PdfViewer.js';
import {
  appendAttachments,
  attachmentExtension,
  buildIds,
  checkFiles,
  countReached,
  formatSize,
  largeFileFlag,
  mergeLimits,
  orderByIds,
  parseIds,
  previewKind,
  removeAttachment,
  type Attachment,
} from './rules.js';

/** SPEC §8: upload errors are shown for 2.5 s. */
const UPLOAD_ERROR_MS = 2500;

export type AttachmentButton = 'upload' | 'preview' | 'download' | 'delete';
export const ATTACHMENT_RESOURCES: Record<AttachmentButton, string> = {
  upload: 'btnUploadAttachment',
  preview: 'btnPreviewAttachment',
  download: 'btnDownloadAttachment',
  delete: 'btnDelAttachment',
};

export interface AttachmentWidgetProps {
  /** Test ids: attachment-{name}, attachment-upload-{name}, attachment-input-{name}, attachment-list-{name}, … */
  name: string;
  value: unknown;
  onChange(ids: string | undefined): void;
  config?: AttachmentConfig;
  /** Record the config's disabled/hidden conditions are evaluated against. */
  record?: RecordLike;
  /** Upload context: the business entity and record (the server links the files on save). */
  functionId?: string;
  businessId?: string | number;
  /** View mode / read-only field: no upload, no delete. */
  readOnly?: boolean;
  /** Per-record switches from the caller (in addition to the config's conditions). */
  disabled?: Partial<Record<AttachmentButton, boolean>>;
  hidden?: Partial<Record<AttachmentButton, boolean>>;
  getPopupContainer?: (node: HTMLElement) => Element;
}

interface TextPreview {
  title: string;
  text: string;
}

/** The converted document inside the sandboxed iframe: its own CSP, no scripts, images only as data: URLs. */
function officeDocument(html: string): string {
  return (
    '<!doctype html><html><head><meta charset="utf-8">' +
    `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data:; style-src 'unsafe-inline'">` +
    '<style>body{font:14px/1.5 sans-serif;margin:16px;color:#1d2129}table{border-collapse:collapse;margin-bottom:16px}td,th{border:1px solid #c9cdd4;padding:2px 6px;white-space:pre-wrap}th{background:#f2f3f5;color:#86909c}img{max-width:100%}</style>' +
    `</head><body>${html}</body></html>`
  );
}

function message(error: unknown, fallback: string): string {
  return error instanceof ApiError || error instanceof Error ? error.message || fallback : fallback;
}

export function AttachmentWidget(props: AttachmentWidgetProps) {
  const { name, value, onChange, config = {}, record = {}, functionId, businessId, readOnly = false } = props;
  const env = useRuntimeEnv();
  const idString = useMemo(() => parseIds(value).join(','), [value]);
  const [list, setList] = useState<Attachment[]>([]);
  const [progress, setProgress] = useState<number | null>(null);
  const [largeFlag, setLargeFlag] = useState<'Y' | 'N'>('N');
  const [busy, setBusy] = useState(false);
  const [image, setImage] = useState<string | null>(null);
  const [pdf, setPdf] = useState<{ blob: Blob; title: string } | null>(null);
  const [text, setText] = useState<TextPreview | null>(null);
  const [office, setOffice] = useState<{ title: string; html: string; truncated: boolean } | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const listRef = useRef<Attachment[]>([]);
  listRef.current = list;
  // An upload still running when the widget goes away (tab closed, record left) is cancelled.
  const running = useRef<AbortController | null>(null);
  useEffect(() => () => running.current?.abort(), []);

  // Load the files when the id string is not what the widget already shows (first render, reload).
  // A new env re-runs it, which does nothing once the list shows these ids.
  useEffect(() => {
    if (buildIds(listRef.current) === idString) return undefined;
    const wanted = parseIds(idString);
    let live = true;
    listAttachments(env, wanted)
      .then((found) => live && setList(orderByIds(found, wanted)))
      .catch((e: unknown) => live && env.notify('error', message(e, env.t('messages.loadFailed'))));
    return () => {
      live = false;
    };
  }, [idString, env]);

  useEffect(
    () => () => {
      if (image) URL.revokeObjectURL(image);
    },
    [image],
  );

  const state = (button: AttachmentButton): { hidden: boolean; disabled: boolean } => {
    const permitted = config.checkPermission === false || env.can(ATTACHMENT_RESOURCES[button]);
    const hidden = !permitted || props.hidden?.[button] === true || (config.hidden?.[button] !== undefined && evaluateCondition(config.hidden[button], record));
    const changes = button === 'upload' || button === 'delete';
    const disabled =
      (changes && readOnly) ||
      props.disabled?.[button] === true ||
      (config.disabled?.[button] !== undefined && evaluateCondition(config.disabled[button], record));
    return { hidden, disabled };
  };
  const upload = state('upload');
  const preview = state('preview');
  const download = state('download');
  const remove = state('delete');
  const full = countReached(list.length, config);

  const commit = useCallback(
    (next: Attachment[]) => {
      setList(next);
      const s = buildIds(next);
      onChange(s === '' ? undefined : s);
    },
    [onChange],
  );

  const onFiles = async (picked: FileList | null) => {
    const files = picked ? [...picked] : [];
    if (input.current) input.current.value = '';
    if (files.length === 0) return;
    const limits = mergeLimits(config, await serverLimits(env));
    const refusal = checkFiles(files, listRef.current, limits);
    if (refusal) {
      env.notify('error', env.t(refusal.key, refusal.vars), UPLOAD_ERROR_MS);
      return;
    }
    setBusy(true);
    setLargeFlag(largeFileFlag(Math.max(...files.map((f) => f.size)), limits.largeFileThreshold));
    setProgress(0);
    const controller = new AbortController();
    running.current = controller;
    try {
      const ctx = {
        path: config.path,
        fileDesc: config.fileDesc,
        functionId,
        businessId,
        image: config.imageOnly === true,
        ...(config.customData ? { customData: config.customData } : {}),
      };
      const added = await uploadAll(env, files, ctx, setProgress, controller.signal, limits.largeFileThreshold);
      if (controller.signal.aborted) return;
      commit(appendAttachments(listRef.current, added));
      env.notify('success', env.t('attachment.uploaded'));
    } catch (e) {
      if (controller.signal.aborted) return;
      env.notify('error', message(e, env.t('attachment.uploadFailed')), UPLOAD_ERROR_MS);
    } finally {
      running.current = null;
      if (!controller.signal.aborted) {
        setProgress(null);
        setLargeFlag('N');
        setBusy(false);
      }
    }
  };

  const onDownload = async (a: Attachment) => {
    try {
      const r = await downloadAttachment(env, a);
      saveBlob(r.blob, a.originalFileName || r.fileName || String(a.id));
    } catch (e) {
      env.notify('error', message(e, env.t('messages.loadFailed')));
    }
  };

  const onPreview = async (a: Attachment) => {
    if (a.id === undefined || a.id === null || a.id === '') {
      env.notify('error', env.t('attachment.noFileId'));
      return;
    }
    const kind = previewKind(attachmentExtension(a));
    if (kind === 'none') {
      env.notify('warning', env.t('attachment.noPreview'));
      return;
    }
    try {
      if (kind === 'office') {
        const ext = attachmentExtension(a);
        if ((HTML_PREVIEW_EXTENSIONS as readonly string[]).includes(ext)) {
          const p = await previewHtml(env, a.id);
          setOffice({ title: a.originalFileName, html: p.html, truncated: p.truncated });
        } else {
          setPdf({ blob: await previewPdf(env, a.id), title: a.originalFileName });
        }
        return;
      }
      const { blob } = await downloadAttachment(env, a);
      if (kind === 'image') setImage(URL.createObjectURL(blob));
      else if (kind === 'pdf') setPdf({ blob, title: a.originalFileName });
      else setText({ title: a.originalFileName, text: await blob.text() });
    } catch (e) {
      env.notify('error', message(e, env.t('messages.loadFailed')));
    }
  };

  const onDelete = async (a: Attachment) => {
    if (!(await env.confirm(env.t('attachment.confirmDelete')))) return;
    try {
      await deleteAttachments(env, [a.id]);
      commit(removeAttachment(listRef.current, a.id));
      env.notify('warning', env.t('attachment.deleted'));
    } catch (e) {
      env.notify('error', message(e, env.t('messages.loadFailed')));
    }
  };

  const columns = [
    {
      title: env.t('attachment.fileName'),
      dataIndex: 'originalFileName',
      render: (_: unknown, a: Attachment, i: number) =>
        download.hidden ? (
          <span data-testid={`attachment-name-${name}-${i}`}>{a.originalFileName}</span>
        ) : (
          <a
            data-testid={`attachment-name-${name}-${i}`}
            href="#"
            style={{ color: '#1a1aff', pointerEvents: download.disabled ? 'none' : undefined }}
            onClick={(e) => {
              e.preventDefault();
              void onDownload(a);
            }}
          >
            {a.originalFileName}
          </a>
        ),
    },
    { title: env.t('attachment.fileSize'), dataIndex: 'fileSize', width: 90, render: (v: number) => formatSize(Number(v)) },
    {
      title: env.t('attachment.operate'),
      width: 200,
      render: (_: unknown, a: Attachment, i: number) => (
        <Space size={0}>
          {!preview.hidden && (
            <Button size="mini" type="text" data-testid={`attachment-preview-${name}-${i}`} disabled={preview.disabled} onClick={() => void onPreview(a)}>
              {env.t('attachment.preview')}
            </Button>
          )}
          {!download.hidden && (
            <Button size="mini" type="text" data-testid={`attachment-download-${name}-${i}`} disabled={download.disabled} onClick={() => void onDownload(a)}>
              {env.t('attachment.download')}
            </Button>
          )}
          {!remove.hidden && (
            <Button
              size="mini"
              type="text"
              status="danger"
              data-testid={`attachment-delete-${name}-${i}`}
              disabled={remove.disabled || busy}
              onClick={() => void onDelete(a)}
            >
              {env.t('attachment.delete')}
            </Button>
          )}
        </Space>
      ),
    },
  ];

  const table = (
    <div data-testid={`attachment-list-${name}`} style={{ width: 560, maxWidth: '80vw', maxHeight: 240, overflowY: 'auto' }}>
      <Table
        size="small"
        rowKey={(a: Attachment) => String(a.id)}
        columns={columns}
        data={list}
        pagination={false}
        border={{ wrapper: true, cell: true }}
        noDataElement={<div style={{ padding: 12, color: '#86909c' }}>{env.t('attachment.empty')}</div>}
      />
    </div>
  );

  const uploadDisabled = upload.disabled || full || busy;
  return (
    <div
      data-testid={`attachment-${name}`}
      data-ids={idString}
      data-count={list.length}
      style={{ display: 'flex', alignItems: 'center', gap: 12, minHeight: 32 }}
    >
      <Popover
        trigger={['hover', 'click']}
        position="bl"
        content={table}
        style={{ maxWidth: 'none' }}
        getPopupContainer={props.getPopupContainer}
        unmountOnExit={false}
      >
        <span data-testid={`attachment-trigger-${name}`} style={{ display: 'inline-flex', padding: '4px 10px 4px 0' }}>
          <Badge count={list.length} maxCount={999} dotStyle={{ background: '#165dff' }} offset={[6, -2]}>
            {/* No upload here (not held, view mode, a submitted document): the files stay reachable
                through an enabled count button — a disabled button takes no hover, and the list of
                files (preview, download) would be out of reach. */}
            {upload.hidden || upload.disabled ? (
              <Button data-testid={`attachment-upload-${name}`} type="outline">
                {env.t('attachment.count', { count: list.length })}
              </Button>
            ) : (
              <Tooltip content={full ? env.t('attachment.tooMany', { max: config.maxCount ?? 999 }) : undefined} disabled={!full}>
                <Button
                  data-testid={`attachment-upload-${name}`}
                  type="primary"
                  disabled={uploadDisabled}
                  loading={busy}
                  onClick={() => input.current?.click()}
                >
                  {env.t(config.imageOnly ? 'attachment.uploadImage' : 'attachment.upload')}
                </Button>
              </Tooltip>
            )}
          </Badge>
        </span>
      </Popover>
      {!upload.hidden && !upload.disabled && (
        <input
          ref={input}
          data-testid={`attachment-input-${name}`}
          type="file"
          multiple
          hidden
          disabled={uploadDisabled}
          accept={config.imageOnly ? '.gif,.jpg,.jpeg,.png,.bmp' : config.extensions?.map((e) => `.${e.replace(/^\./, '')}`).join(',')}
          onChange={(e) => void onFiles(e.target.files)}
        />
      )}
      {progress !== null && (
        <div data-testid={`attachment-progress-${name}`} data-percent={progress} data-large={largeFlag} style={{ flex: 1, minWidth: 160, maxWidth: 320 }}>
          <Progress percent={progress} size="small" formatText={(p: number) => `${p}%`} />
          {largeFlag === 'Y' && <span style={{ fontSize: 12, color: '#86909c' }}>{env.t('attachment.largeFile')}</span>}
        </div>
      )}
      <ImageViewer visible={image !== null} src={image} onClose={() => setImage(null)} />
      <PdfViewer blob={pdf?.blob ?? null} title={pdf?.title} onClose={() => setPdf(null)} />
      <Modal
        visible={text !== null}
        title={text?.title ?? env.t('attachment.textPreview')}
        footer={null}
        onCancel={() => setText(null)}
        unmountOnExit
        style={{ width: 720 }}
      >
        <pre
          data-testid={`attachment-text-${name}`}
          style={{ maxHeight: '60vh', overflow: 'auto', whiteSpace: 'pre-wrap', wordBreak: 'break-word', margin: 0 }}
        >
          {text?.text}
        </pre>
      </Modal>
      <Modal
        visible={office !== null}
        title={office?.title ?? env.t('attachment.officePreview')}
        footer={null}
        onCancel={() => setOffice(null)}
        unmountOnExit
        style={{ width: '80vw', maxWidth: 1200 }}
      >
        {office?.truncated && <div style={{ color: '#86909c', marginBottom: 8 }}>{env.t('attachment.previewTruncated')}</div>}
        {/* sandbox="" : no scripts, no same origin, no forms, no top navigation; the server sanitised the HTML too */}
        <iframe
          data-testid={`attachment-office-${name}`}
          title={office?.title ?? 'preview'}
          sandbox=""
          referrerPolicy="no-referrer"
          srcDoc={office ? officeDocument(office.html) : ''}
          style={{ width: '100%', height: '65vh', border: '1px solid #e5e6eb', background: '#fff' }}
        />
      </Modal>
    </div>
  );
}
