// Arco editors inside glide's overlay. Three traps handled here:
// - Arco popups (Select, DatePicker) render inside the overlay's click-outside container, so a click in
//   a dropdown does not count as "outside" and close the editor;
// - Enter during IME composition (Chinese/Thai/Vietnamese input) must finish the composition, not commit
//   the cell: the overlay commits on any Enter keydown that reaches it, so we stop those here;
// - an Enter right after a keystroke commits what was typed, not the overlay's last render (CellEditor).
import { createContext, useContext, useEffect, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { DatePicker, Input, InputNumber, Select, TimePicker } from '@arco-design/web-react';
import type { GridCell, ProvideEditorComponent } from '@glideapps/glide-data-grid';
import type { EntityDefinition } from '../definitions.js';
import { useRuntimeEnv } from '../env.js';
import { enabledValues } from '../data/lookupCache.js';
import type { LookupMap } from '../data/useLookups.js';
import type { EditorKind } from '../registry/types.js';
import type { ColumnModel } from './columns.js';
import { isEditCell, type EditCell } from './renderers.js';
import { referenceFills, useReferenceOptions } from './useReferenceOptions.js';
import { RemoteOptions } from './RemoteOptions.js';

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

/**
 * `commitTyped` answers whether it committed what was typed (a typed editor that has a value): an Enter
 * outside a composition then commits here instead of in glide's overlay.
 */
function ImeGuard({ children, commitTyped }: { children: ReactNode; commitTyped: () => boolean }) {
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
        if (e.key !== 'Enter') return;
        if (isComposingKey(e, composing.current)) e.stopPropagation();
        else if (!e.shiftKey && commitTyped()) {
          e.stopPropagation();
          e.preventDefault();
        }
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

function withValue(cell: EditCell, value: unknown, display: string, displayValue?: string, patch?: Record<string, unknown>): EditCell {
  return { ...cell, copyData: display, data: { ...cell.data, value, display, displayValue, patch } };
}

/** lookup.numberFlag: codes are written as numbers. */
function lookupValue(model: ColumnModel, code: string | undefined): string | number | null {
  if (code === undefined || code === null) return null;
  return model.column.lookup?.numberFlag && code !== '' && Number.isFinite(Number(code)) ? Number(code) : code;
}

export const CellEditor: ProvideEditorComponent<GridCell> = (props: GlideProps) => {
  const ctx = useContext(EditorContext);
  // What a typed editor (text, number, password, text area) last reported, kept as it is typed. glide's
  // overlay commits on Enter the value of its last render: a key typed just before the Enter (a barcode
  // scanner's last character, a Backspace on a busy page) whose render had not happened yet was dropped,
  // and the cell kept its old value. The Enter commits this instead.
  const typed = useRef<EditCell | null>(null);
  const cell = props.value;
  if (!ctx || !isEditCell(cell)) return null;
  const entry = ctx.models.get(cell.data.key);
  if (!entry) return null;
  const onChange = (next: EditCell) => {
    typed.current = next;
    props.onChange(next);
  };
  const commitTyped = () => {
    if (!typed.current) return false;
    props.onFinishedEditing(typed.current, [0, 1]);
    return true;
  };
  return (
    <ImeGuard commitTyped={commitTyped}>
      <EditorBody {...props} onChange={onChange} value={cell} model={entry.model} editor={entry.editor} ctx={ctx} />
    </ImeGuard>
  );
};

function EditorBody({
  value: cell,
  onChange,
  onFinishedEditing,
  model,
  editor,
  ctx,
}: Props & { model: ColumnModel; editor: EditorKind; ctx: EditorContextValue }) {
  const env = useRuntimeEnv();
  const raw = cell.data.value;
  const placeholder =
    model.placeholder ??
    env.t(editor === 'select' || editor === 'reference' || editor === 'options' || editor === 'editlookup' ? 'placeholder.select' : 'placeholder.input');
  switch (editor) {
    case 'number':
      return (
        <FocusOnMount>
          <InputNumber
            autoFocus
            size="small"
            placeholder={placeholder}
            defaultValue={raw === null || raw === undefined || raw === '' ? undefined : Number(raw)}
            precision={model.precision}
            min={model.column.min ?? model.field?.min}
            max={model.column.max ?? model.field?.max}
            step={model.column.step ?? 1}
            onChange={(v) => onChange(withValue(cell, v ?? null, v === undefined || v === null ? '' : String(v)))}
          />
        </FocusOnMount>
      );
    case 'select':
    case 'editlookup': {
      // lookup.filterFlag (default on): only enabled values; off: all, the disabled ones greyed out.
      const all = ctx.lookups[model.lookupType ?? ''] ?? [];
      const values = model.column.lookup?.filterFlag === false ? all : enabledValues(all);
      const free = editor === 'editlookup';
      return (
        <Select
          size="small"
          defaultPopupVisible
          allowClear
          showSearch={free}
          allowCreate={free}
          placeholder={placeholder}
          defaultValue={raw === null || raw === undefined ? undefined : String(raw)}
          getPopupContainer={popupContainer}
          onChange={(v: string | undefined) => {
            const meaning = values.find((o) => o.lookupCode === v)?.meaning ?? v ?? '';
            onFinishedEditing(withValue(cell, lookupValue(model, v), meaning));
          }}
          options={values.map((o) => ({ label: o.meaning, value: o.lookupCode, disabled: o.enabledFlag === 'N' }))}
        />
      );
    }
    case 'options':
      // Choices the server answers (optionsFrom) instead of the column's static ones.
      if (model.column.optionsFrom)
        return (
          <RemoteOptions
            from={model.column.optionsFrom}
            entity={ctx.entities[model.column.optionsFrom.entity]}
            value={raw}
            placeholder={placeholder}
            getPopupContainer={popupContainer}
            onPick={(v, label) => onFinishedEditing(withValue(cell, v, label))}
          />
        );
      return (
        <Select
          size="small"
          defaultPopupVisible
          allowClear
          placeholder={placeholder}
          defaultValue={raw === null || raw === undefined ? undefined : (raw as string | number)}
          getPopupContainer={popupContainer}
          onChange={(v: string | number | undefined) => {
            const label = model.options.find((o) => String(o.value) === String(v))?.label ?? '';
            onFinishedEditing(withValue(cell, v ?? null, label));
          }}
          options={model.options.map((o) => ({ label: o.label, value: o.value, disabled: o.disabled }))}
        />
      );
    case 'reference':
      return <ReferenceEditor cell={cell} model={model} ctx={ctx} placeholder={placeholder} onFinishedEditing={onFinishedEditing} />;
    case 'date':
    case 'datetime':
    case 'year':
    case 'month':
    case 'time':
      return <DateEditor cell={cell} kind={editor} placeholder={model.placeholder} onFinishedEditing={onFinishedEditing} />;
    case 'daterange':
    case 'datetimerange':
      return <RangeEditor cell={cell} model={model} withTime={editor === 'datetimerange'} onFinishedEditing={onFinishedEditing} />;
    case 'textarea': {
      const auto = model.column.autosize;
      return (
        <FocusOnMount>
          <Input.TextArea
            autoFocus
            placeholder={placeholder}
            maxLength={model.field?.length}
            autoSize={auto === undefined ? { minRows: 2, maxRows: 6 } : auto}
            defaultValue={raw === null || raw === undefined ? '' : String(raw)}
            // Enter commits (glide); Shift+Enter is a new line.
            onKeyDown={(e) => {
              if (e.key === 'Enter' && e.shiftKey) e.stopPropagation();
            }}
            onChange={(v) => onChange(withValue(cell, v, v))}
          />
        </FocusOnMount>
      );
    }
    default:
      return (
        <FocusOnMount>
          {editor === 'password' ? (
            <Input.Password
              autoFocus
              size="small"
              placeholder={placeholder}
              maxLength={model.field?.length}
              defaultValue={raw === null || raw === undefined ? '' : String(raw)}
              onChange={(v) => onChange(withValue(cell, v, v ? '******' : ''))}
            />
          ) : (
            <Input
              autoFocus
              size="small"
              placeholder={placeholder}
              maxLength={model.field?.length}
              defaultValue={raw === null || raw === undefined ? '' : String(raw)}
              onChange={(v) => onChange(withValue(cell, v, v))}
            />
          )}
        </FocusOnMount>
      );
  }
}

function ReferenceEditor({
  cell,
  model,
  ctx,
  placeholder,
  onFinishedEditing,
}: {
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
        const chosen = merged.find((o) => String(o.value) === String(v));
        const label = chosen?.label ?? '';
        // Picking another record fills the row's fields the definition names (a material's unit).
        const fills = String(v) === String(current) ? undefined : referenceFills(model.field?.fills, chosen?.row);
        onFinishedEditing(withValue(cell, v ?? null, label, label, fills));
      }}
      options={merged.map((o) => ({ label: o.label, value: o.value }))}
    />
  );
}

const DATE_FORMATS = { date: 'YYYY-MM-DD', datetime: 'YYYY-MM-DD HH:mm:ss', year: 'YYYY', month: 'YYYY-MM', time: 'HH:mm:ss' } as const;

function DateEditor({
  cell,
  kind,
  placeholder,
  onFinishedEditing,
}: {
  cell: EditCell;
  kind: keyof typeof DATE_FORMATS;
  placeholder?: string;
  onFinishedEditing: Props['onFinishedEditing'];
}) {
  const [open, setOpen] = useState(true);
  const raw = cell.data.value;
  const common = {
    size: 'small' as const,
    popupVisible: open,
    onVisibleChange: (v?: boolean) => setOpen(v === true),
    format: DATE_FORMATS[kind],
    placeholder,
    defaultValue: typeof raw === 'string' && raw ? raw : undefined,
    getPopupContainer: popupContainer,
    style: { width: '100%' },
    onChange: (dateString: string | undefined) => onFinishedEditing(withValue(cell, dateString || null, dateString ?? '')),
  };
  switch (kind) {
    case 'year':
      return <DatePicker.YearPicker {...common} />;
    case 'month':
      return <DatePicker.MonthPicker {...common} />;
    case 'time':
      return <TimePicker {...common} onChange={(s: string) => onFinishedEditing(withValue(cell, s || null, s ?? ''))} />;
    default:
      return <DatePicker {...common} showTime={kind === 'datetime'} />;
  }
}

/** daterange/datetimerange: both ends at once; written to the two rangeKeys fields or as [start, end]. */
function RangeEditor({
  cell,
  model,
  withTime,
  onFinishedEditing,
}: {
  cell: EditCell;
  model: ColumnModel;
  withTime: boolean;
  onFinishedEditing: Props['onFinishedEditing'];
}) {
  const [open, setOpen] = useState(true);
  const raw = cell.data.value;
  const keys = model.column.rangeKeys;
  const start = Array.isArray(raw) ? raw[0] : undefined;
  const end = Array.isArray(raw) ? raw[1] : undefined;
  return (
    <DatePicker.RangePicker
      size="small"
      popupVisible={open}
      onVisibleChange={(v) => setOpen(v === true)}
      showTime={withTime}
      format={withTime ? DATE_FORMATS.datetime : DATE_FORMATS.date}
      defaultValue={typeof start === 'string' && typeof end === 'string' ? [start, end] : undefined}
      getPopupContainer={popupContainer}
      style={{ width: '100%' }}
      onChange={(dates: string[] | undefined) => {
        const [a, b] = dates ?? [];
        const display = a && b ? `${a} ~ ${b}` : '';
        const patch = keys ? { [keys[0]]: a ?? null, [keys[1]]: b ?? null } : undefined;
        onFinishedEditing(withValue(cell, keys ? (a ?? null) : a && b ? [a, b] : null, display, undefined, patch));
      }}
    />
  );
}

/**
 * Glide mounts the overlay and then positions it; an input focused during mount can lose the focus
 * to the grid again, and the first keys typed would be lost. Focus once the overlay has settled, without
 * letting the browser scroll the grid or the page to the input: on a fast machine that scroll moved the
 * rows under the editor, so the edit landed on the wrong row or not at all.
 */
function FocusOnMount({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const frame = requestAnimationFrame(() => {
      const input = ref.current?.querySelector('input, textarea');
      if (input instanceof HTMLElement && document.activeElement !== input) input.focus({ preventScroll: true });
    });
    return () => cancelAnimationFrame(frame);
  }, []);
  return (
    <div ref={ref} style={{ display: 'contents' }}>
      {children}
    </div>
  );
}
