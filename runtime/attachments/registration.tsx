// The attachment widget as the rjsf form widget `attachment` and as the grid cell type `upload`.
import type { WidgetProps } from '@rjsf/utils';
import { Modal } from '@arco-design/web-react';
import type { AttachmentConfig, EntityDefinition } from '../definitions.js';
import type { Row } from '../data/dataProvider.js';
import type { CellContext, CellTypeDef, WidgetDef } from '../registry/types.js';
import type { ColumnModel } from '../grid/columns.js';
import { AttachmentWidget } from './AttachmentWidget.js';
import { FilePickList, type PickFrom } from './FilePickList.js';
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

/** Grid cell: the file count on canvas (or, with a displayKey, the row's text of the files, e.g. the picked
 *  files' names); a click opens the widget in a dialog (see DataGrid). */
export const uploadCellType: CellTypeDef = {
  align: 'center',
  display: 'text',
  // The count alone: the column title names it, and canvas text cannot rely on an emoji font.
  format: (value, col, ctx) => {
    // (col and ctx are optional to callers that format a bare value, such as a test of the registry.)
    const key = (col as ColumnModel | undefined)?.displayKey;
    const shown = key ? (ctx as CellContext | undefined)?.row[key] : undefined;
    if (typeof shown === 'string' && shown !== '' && parseIds(value).length) return shown;
    return String(parseIds(value).length);
  },
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
  /** attachmentConfig.pickFrom with the family that serves it: an editable cell picks instead of uploading. */
  pick?: { pickFrom: PickFrom; entity: EntityDefinition };
  /** `display`: the picked files' names and sizes (picking only), for the column's displayKey. */
  onChange(ids: string | undefined, display?: string | null): void;
  onClose(): void;
}

export function AttachmentCellDialog({ name, title, entity, row, config, fieldKey, readOnly, pick, onChange, onClose }: AttachmentCellDialogProps) {
  const key = row?.[entity.key];
  const picking = !!pick && !readOnly;
  return (
    <Modal visible={row !== null} title={title} footer={null} onCancel={onClose} unmountOnExit style={{ width: picking ? 720 : 600 }}>
      {row && picking && <FilePickList name={name} value={row[fieldKey]} pickFrom={pick.pickFrom} entity={pick.entity} onChange={onChange} />}
      {row && !picking && (
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
