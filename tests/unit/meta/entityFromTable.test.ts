// The code generator's entity from table metadata: types, lengths, NOT NULL, key, implicit audit columns.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { metaAjv } from '../../../meta/ajv.js';
import { camelOf, entityFromTable, entityNameOf, type TableColumn } from '../../../meta/entityFromTable.js';

const col = (columnName: string, dataType: string, more: Partial<TableColumn> = {}): TableColumn => ({
  columnName,
  dataType,
  length: null,
  precision: null,
  scale: null,
  nullable: true,
  defaultValue: null,
  ...more,
});
const label = (n: string) => ({ CN: n, EN: n, TH: n, VN: n });

describe('entity from table metadata', () => {
  it('names fields and entities by the column and table conventions', () => {
    expect(camelOf('bank_code')).toBe('bankCode');
    expect(camelOf('line_2_qty')).toBe('line2Qty');
    expect(entityNameOf('srm_base_bank')).toBe('srmBaseBank');
    expect(entityNameOf('widgets')).toBe('srmWidgets');
    expect(entityNameOf('base_thing')).toBe('baseThing');
  });

  it('maps column types, lengths, NOT NULL and the primary key, and leaves audit columns implicit', () => {
    const e = entityFromTable({
      tableName: 'widgets',
      primaryKey: ['widget_id'],
      columns: [
        col('widget_id', 'bigint', { nullable: false, defaultValue: 'identity' }),
        col('widget_code', 'character varying', { length: 30, nullable: false }),
        col('enabled_flag', 'character varying', { length: 1, defaultValue: "'Y'" }),
        col('notes', 'text'),
        col('qty', 'integer', { nullable: false, defaultValue: '0' }),
        col('price', 'numeric', { precision: 12, scale: 4 }),
        col('ratio', 'double precision'),
        col('made_on', 'date', { nullable: false }),
        col('checked_at', 'timestamp without time zone'),
        col('uid', 'uuid'),
        col('created_by', 'bigint'),
        col('creation_date', 'timestamp without time zone', { nullable: false, defaultValue: 'now()' }),
        col('version_num', 'integer', { nullable: false, defaultValue: '1' }),
      ],
    });
    expect(e).toEqual({
      name: 'srmWidgets',
      area: 'srmServer',
      table: 'widgets',
      key: 'widgetId',
      label: label('widgets'),
      fields: {
        widgetId: { type: 'id', label: label('widget_id') },
        widgetCode: { type: 'string', length: 30, required: true, label: label('widget_code') },
        enabledFlag: { type: 'yn', label: label('enabled_flag') },
        notes: { type: 'text', label: label('notes') },
        qty: { type: 'integer', label: label('qty') },
        price: { type: 'decimal', precision: 12, scale: 4, label: label('price') },
        ratio: { type: 'decimal', precision: 18, scale: 6, label: label('ratio') },
        madeOn: { type: 'date', required: true, label: label('made_on') },
        checkedAt: { type: 'datetime', label: label('checked_at') },
        uid: { type: 'string', length: 36, label: label('uid') },
      },
    });
    const validate = metaAjv(join(import.meta.dirname, '../../../schemas/meta')).getSchema('srm:meta/entity')!;
    expect(validate(e), JSON.stringify(validate.errors)).toBe(true);
  });
});
