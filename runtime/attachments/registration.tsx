// The attachment widget as the rjsf form widget `attachment` and as the grid cell type `upload`.
import type { WidgetProps } from '@rjsf/utils';
import { Modal } from '@arco-design/web-react';
import type { AttachmentConfig, EntityDefinition } from '../definitions.js';
import type { Row } from '../data/dataProvider.js';
import type { CellTypeDef, WidgetDef } from '../registry/types.js';
import { AttachmentWidget } from './AttachmentWidget.js';
import { parseIds } from './rules.js';

interface AttachmentOptions {
  attachment?: AttachmentConfig;
  functionId?: string;
  businessKey?: string;
}

function FormAttachmentWidget(p: WidgetProps) {
  const o = p.options as AttachmentOptions;
  const record = ((p.registry.formContext as { record?: Record<string, unknown> } | undefined)?.record ?? {}) as Record<string, unknown>;
  const key = o.businessKey ? record[o.businessKey] : undefined;
  return (
    <AttachmentWidget
      name={p.name || p.id}
      value={p.value}
      onChange={(ids) => p.onChange(ids)}
      config={o.attachment}
      record={record}
      functionId={o.functionId}
      businessId={key === null || key === undefined || key === '' ? undefined : (key as string | number)}
      readOnly={p.readonly || p.disabled}
    />
  );
}

export const attachmentWidget: WidgetDef = { component: FormAttachmentWidget };

/** Grid cell: the file count on canvas; a click opens the widget in a dialog (see DataGrid). */
export const uploadCellType: CellTypeDef = {
  align: 'center',
  display: 'text',
  // The count alone: the column title names it, and canvas text cannot rely on an emoji font.
  format: (value) => String(parseIds(value).length),
  editor: 'none',
};

export interface AttachmentCellDialogProps {
  name: string;
  title: string;
  entity: EntityDefinition;
  row: Row | null;
  config: AttachmentConfig | undefined;
  fieldKey: string;
  readOnly: boolean;
  onChange(ids: string | undefined): void;
  onClose(): void;
}

export function AttachmentCellDialog({ name, title, entity, row, config, fieldKey, readOnly, onChange, onClose }: AttachmentCellDialogProps) {
  const key = row?.[entity.key];
  return (
    <Modal visible={row !== null} title={title} footer={null} onCancel={onClose} unmountOnExit style={{ width: 600 }}>
      {row && (
        <AttachmentWidget
          name={name}
          value={row[fieldKey]}
          onChange={onChange}
          config={config}
          record={row}
          functionId={entity.kind === 'line' ? undefined : entity.name}
          businessId={key === null || key === undefined || key === '' ? undefined : (key as string | number)}
          readOnly={readOnly}
        />
      )}
    </Modal>
  );
}
