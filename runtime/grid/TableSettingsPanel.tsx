// The table-settings panel (SPEC §2): a button at the grid's top right opens a drawer where the user
// shows/hides, orders (drag or up/down), sizes and freezes columns; saved per user and table.
import { useState, type DragEvent } from 'react';
import { Button, Checkbox, Drawer, InputNumber, Radio, Space, Tooltip } from '@arco-design/web-react';
import { IconArrowDown, IconArrowUp, IconDragDotVertical, IconSettings } from '@arco-design/web-react/icon';
import type { Column, EntityDefinition } from '../definitions.js';
import { useRuntimeEnv } from '../env.js';
import { fieldLabel } from '../text/resolveText.js';
import { MAX_COLUMN_WIDTH, MIN_COLUMN_WIDTH, moveSetting, type ColumnSetting, type FixedSide } from './tableSettings.js';
import type { TableSettings } from './useTableSettings.js';

export interface TableSettingsButtonProps {
  /** Test hook: `table-settings-{name}` (the button) and `table-settings-panel-{name}` (the drawer). */
  name: string;
  settings: TableSettings;
  /** The definition's columns (titles), not the user's arrangement. */
  columns: readonly Column[];
  entity: EntityDefinition;
}

const SIDES: FixedSide[] = ['left', 'none', 'right'];

export function TableSettingsButton({ name, settings, columns, entity }: TableSettingsButtonProps) {
  const env = useRuntimeEnv();
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<ColumnSetting[]>([]);
  const [dragFrom, setDragFrom] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const titles = new Map(columns.map((c) => [c.key, fieldLabel(entity, c.key, env, c.title)]));

  const patch = (i: number, p: Partial<ColumnSetting>) => setDraft((d) => d.map((s, j) => (j === i ? { ...s, ...p } : s)));
  const move = (from: number, to: number) => setDraft((d) => moveSetting(d, from, to));
  const finish = async (work: () => Promise<boolean>, doneKey: string) => {
    setBusy(true);
    const done = await work();
    setBusy(false);
    if (done) {
      setOpen(false);
      env.notify('success', env.t(doneKey));
    }
  };
  const onDrop = (e: DragEvent, to: number) => {
    e.preventDefault();
    if (dragFrom !== null) move(dragFrom, to);
    setDragFrom(null);
  };

  return (
    <>
      <Tooltip content={env.t('tableSettings.title')}>
        <Button
          size="small"
          icon={<IconSettings />}
          data-testid={`table-settings-${name}`}
          aria-label={env.t('tableSettings.title')}
          disabled={!settings.loaded}
          onClick={() => {
            setDraft(settings.settings);
            setOpen(true);
          }}
        />
      </Tooltip>
      <Drawer
        width={640}
        title={<span data-testid="table-settings-title">{env.t('tableSettings.title')}</span>}
        visible={open}
        onCancel={() => setOpen(false)}
        unmountOnExit
        footer={
          <div style={{ display: 'flex', justifyContent: 'space-between' }}>
            <Button data-testid="table-settings-reset" status="warning" loading={busy} onClick={() => void finish(settings.reset, 'tableSettings.resetDone')}>
              {env.t('tableSettings.reset')}
            </Button>
            <Space>
              <Button data-testid="table-settings-cancel" onClick={() => setOpen(false)}>
                {env.t('actions.cancel')}
              </Button>
              <Button
                data-testid="table-settings-save"
                type="primary"
                loading={busy}
                onClick={() => void finish(() => settings.save(draft), 'tableSettings.saved')}
              >
                {env.t('actions.save')}
              </Button>
            </Space>
          </div>
        }
      >
        <div data-testid={`table-settings-panel-${name}`} data-order={draft.map((s) => s.key).join(',')}>
          <div style={{ display: 'grid', gridTemplateColumns: '20px 1fr 96px 196px 60px', gap: 8, color: '#86909c', fontSize: 12, padding: '0 4px 6px' }}>
            <span />
            <span>{env.t('tableSettings.column')}</span>
            <span>{env.t('tableSettings.width')}</span>
            <span>{env.t('tableSettings.fixed')}</span>
            <span>{env.t('tableSettings.order')}</span>
          </div>
          {draft.map((s, i) => (
            <div
              key={s.key}
              data-testid={`table-settings-row-${s.key}`}
              draggable
              onDragStart={() => setDragFrom(i)}
              onDragOver={(e) => e.preventDefault()}
              onDrop={(e) => onDrop(e, i)}
              style={{
                display: 'grid',
                gridTemplateColumns: '20px 1fr 96px 196px 60px',
                gap: 8,
                alignItems: 'center',
                padding: '4px',
                borderBottom: '1px solid #f2f3f5',
                background: dragFrom === i ? '#f2f3f5' : undefined,
              }}
            >
              <IconDragDotVertical style={{ cursor: 'grab', color: '#86909c' }} />
              <Checkbox data-testid={`table-settings-show-${s.key}`} checked={s.isShow} onChange={(v: boolean) => patch(i, { isShow: v })}>
                <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{titles.get(s.key) ?? s.key}</span>
              </Checkbox>
              <InputNumber
                size="small"
                data-testid={`table-settings-width-${s.key}`}
                min={MIN_COLUMN_WIDTH}
                max={MAX_COLUMN_WIDTH}
                precision={0}
                placeholder={env.t('tableSettings.auto')}
                value={s.width}
                onChange={(v: number | undefined) => patch(i, { width: typeof v === 'number' && Number.isFinite(v) ? v : undefined })}
              />
              <Radio.Group size="mini" type="button" style={{ whiteSpace: 'nowrap' }} value={s.fixed} onChange={(v: FixedSide) => patch(i, { fixed: v })}>
                {SIDES.map((side) => (
                  <Radio key={side} value={side} data-testid={`table-settings-fixed-${s.key}-${side}`}>
                    {env.t(`tableSettings.fixed_${side}`)}
                  </Radio>
                ))}
              </Radio.Group>
              <Space size={2}>
                <Button
                  size="mini"
                  icon={<IconArrowUp />}
                  disabled={i === 0}
                  aria-label={env.t('tableSettings.up')}
                  data-testid={`table-settings-up-${s.key}`}
                  onClick={() => move(i, i - 1)}
                />
                <Button
                  size="mini"
                  icon={<IconArrowDown />}
                  disabled={i === draft.length - 1}
                  aria-label={env.t('tableSettings.down')}
                  data-testid={`table-settings-down-${s.key}`}
                  onClick={() => move(i, i + 1)}
                />
              </Space>
            </div>
          ))}
        </div>
      </Drawer>
    </>
  );
}
