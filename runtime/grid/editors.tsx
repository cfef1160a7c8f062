// Arco editors inside glide's overlay. Two traps handled here:
// - Arco popups (Select, DatePicker) render inside the overlay's click-outside container, so a click in
//   a dropdown does not count as "outside" and close the editor;
// - Enter during IME composition (Chinese/Thai/Vietnamese input) must finish the composition, not commit
//   the cell: the overlay commits on any Enter keydown that reaches it, so we stop those here.
import { createContext, useContext, useEffect, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { DatePicker, Input, InputNumber, Select } from '@arco-design/web-react';
import type { GridCell, ProvideEditorComponent } from '@glideapps/glide-data-grid';
import type { EntityDefinition } from '../definitions.js';
import { useRuntimeEnv } from '../env.js';
import { enabledValues } from '../data/lookupCache.js';
import type { LookupMap } from '../data/useLookups.js';
import type { EditorKind } from '../registry/types.js';
import type { ColumnModel } from './columns.js';
import { isEditCell, type EditCell } from './renderers.js';
import { useReferenceOptions } from './useReferenceOptions.js';

export interface EditorContextValue {
  models: ReadonlyMap<string, { model: ColumnModel; editor: EditorKind }>;
  lookups: LookupMap;
  entities: Readonly<Record<string, EntityDefinition>>;
}

export const EditorContext = createContext<EditorContextValue | null>(null);

/** True while an IME composition is running or the keydown belongs to one (keyCode 229 in Chromium/Safari). */
export function isComposingKey(e: Pick<KeyboardEvent, 'keyCode'> & { nativeEvent: { isComposing?: boolean } }, composing: boolean): boolean {
  return composing || e.nativeEvent.isComposing === true || e.keyCode === 229;
}

function ImeGuard({ children }: { children: ReactNode }) {
  const composing = useRef(false);
  return (
    <div
      className="srm-cell-editor"
      style={{ width: '100%' }}
      onCompositionStart={() => {
        composing.current = true;
      }}
      onCompositionEnd={() => {
        // compositionend fires before the Enter keyup; clear on the next tick so the Enter that ended
        // the composition is still treated as part of it.
        setTimeout(() => {
          composing.current = false;
        }, 0);
      }}
      onKeyDown={(e) => {
        if (e.key === 'Enter' && isComposingKey(e, composing.current)) e.stopPropagation();
      }}
    >
      {children}
    </div>
  );
}

/** The overlay's click-outside container: popups placed there are "inside" the editor. */
function popupContainer(node: HTMLElement): Element {
  return node.closest('#portal > div') ?? node.closest('.gdg-clip-region') ?? document.body;
}

type GlideProps = Parameters<ProvideEditorComponent<GridCell>>[0];
type Props = Omit<GlideProps, 'value' | 'onChange' | 'onFinishedEditing'> & {
  value: EditCell;
  onChange(cell: EditCell): void;
  onFinishedEditing(cell?: EditCell): void;
};

function withValue(cell: EditCell, value: unknown, display: string, displayValue?: string): EditCell {
  return { ...cell, copyData: display, data: { ...cell.data, value, display, displayValue } };
}

export const CellEditor: ProvideEditorComponent<GridCell> = (props: GlideProps) => {
  const ctx = useContext(EditorContext);
  const cell = props.value;
  if (!ctx || !isEditCell(cell)) return null;
  const entry = ctx.models.get(cell.data.key);
  if (!entry) return null;
  return (
    <ImeGuard>
      <EditorBody {...props} value={cell} model={entry.model} editor={entry.editor} ctx={ctx} />
    </ImeGuard>
  );
};

function EditorBody({ value: cell, onChange, onFinishedEditing, model, editor, ctx }: Props & { model: ColumnModel; editor: EditorKind; ctx: EditorContextValue }) {
  const env = useRuntimeEnv();
  const raw = cell.data.value;
  const placeholder = env.t(editor === 'select' || editor === 'reference' ? 'placeholder.select' : 'placeholder.input');
  switch (editor) {
    case 'number':
      return (
        <FocusOnMount>
        <InputNumber
          autoFocus
          size="small"
          defaultValue={raw === null || raw === undefined || raw === '' ? undefined : Number(raw)}
          precision={model.precision}
          min={model.column.min ?? model.field?.min}
          max={model.column.max ?? model.field?.max}
          step={model.column.step ?? 1}
          onChange={(v) => onChange(withValue(cell, v ?? null, v === undefined || v === null ? '' : String(v)))}
        />
        </FocusOnMount>
      );
    case 'select': {
      const options = enabledValues(ctx.lookups[model.lookupType ?? '']);
      return (
        <Select
          size="small"
          defaultPopupVisible
          allowClear
          placeholder={placeholder}
          defaultValue={raw === null || raw === undefined ? undefined : String(raw)}
          getPopupContainer={popupContainer}
          onChange={(v: string | undefined) => {
            const meaning = options.find((o) => o.lookupCode === v)?.meaning ?? '';
            onFinishedEditing(withValue(cell, v ?? null, meaning));
          }}
          options={options.map((o) => ({ label: o.meaning, value: o.lookupCode }))}
        />
      );
    }
    case 'reference':
      return <ReferenceEditor cell={cell} model={model} ctx={ctx} placeholder={placeholder} onFinishedEditing={onFinishedEditing} />;
    case 'date':
    case 'datetime':
      return <DateEditor cell={cell} withTime={editor === 'datetime'} onFinishedEditing={onFinishedEditing} />;
    default:
      return (
        <FocusOnMount>
        <Input
          autoFocus
          size="small"
          placeholder={placeholder}
          maxLength={model.field?.length}
          defaultValue={raw === null || raw === undefined ? '' : String(raw)}
          onChange={(v) => onChange(withValue(cell, v, v))}
        />
        </FocusOnMount>
      );
  }
}

function ReferenceEditor({ cell, model, ctx, placeholder, onFinishedEditing }: {
  cell: EditCell;
  model: ColumnModel;
  ctx: EditorContextValue;
  placeholder: string;
  onFinishedEditing: Props['onFinishedEditing'];
}) {
  const target = model.references ? ctx.entities[model.references] : undefined;
  const { options, search, loading } = useReferenceOptions(target);
  const [keyword, setKeyword] = useState('');
  const current = cell.data.value;
  const merged = useMemo(() => {
    const hasCurrent = options.some((o) => String(o.value) === String(current));
    return hasCurrent || current === null || current === undefined || current === ''
      ? options
      : [{ value: current as string | number, label: cell.data.display }, ...options];
  }, [options, current, cell.data.display]);
  return (
    <Select
      size="small"
      showSearch
      defaultPopupVisible
      allowClear
      loading={loading}
      placeholder={placeholder}
      filterOption={false}
      inputValue={keyword}
      onInputValueChange={(v) => {
        setKeyword(v);
        search(v);
      }}
      defaultValue={current === null || current === undefined ? undefined : (current as string | number)}
      getPopupContainer={popupContainer}
      onChange={(v: string | number | undefined) => {
        const label = merged.find((o) => String(o.value) === String(v))?.label ?? '';
        onFinishedEditing(withValue(cell, v ?? null, label, label));
      }}
      options={merged.map((o) => ({ label: o.label, value: o.value }))}
    />
  );
}

function DateEditor({ cell, withTime, onFinishedEditing }: { cell: EditCell; withTime: boolean; onFinishedEditing: Props['onFinishedEditing'] }) {
  const [open, setOpen] = useState(true);
  const raw = cell.data.value;
  return (
    <DatePicker
      size="small"
      popupVisible={open}
      onVisibleChange={(v) => setOpen(v === true)}
      showTime={withTime}
      format={withTime ? 'YYYY-MM-DD HH:mm:ss' : 'YYYY-MM-DD'}
      defaultValue={typeof raw === 'string' && raw ? raw : undefined}
      getPopupContainer={popupContainer}
      style={{ width: '100%' }}
      onChange={(dateString: string | undefined) => onFinishedEditing(withValue(cell, dateString || null, dateString ?? ''))}
    />
  );
}

/**
 * Glide mounts the overlay and then positions it; an input focused during mount can lose the focus
 * to the grid again, and the first keys typed would be lost. Focus once the overlay has settled.
 */
function FocusOnMount({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const frame = requestAnimationFrame(() => {
      const input = ref.current?.querySelector('input, textarea');
      if (input instanceof HTMLElement && document.activeElement !== input) input.focus();
    });
    return () => cancelAnimationFrame(frame);
  }, []);
  return <div ref={ref} style={{ display: 'contents' }}>{children}</div>;
}
