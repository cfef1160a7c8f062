// Wire shapes of the database catalogue calls (databaseList, databaseDetail): the server builds them,
// the developer tools screens read them.
import type { TableColumn } from './entityFromTable.js';

export interface TableRow {
  tableName: string;
  tableComment: string | null;
  estimatedRows: number;
  columnCount: number;
}

export interface ColumnRow extends TableColumn {
  udtName: string;
  position: number;
}

export interface TableDetail {
  tableName: string;
  estimatedRows: number;
  primaryKey: string[];
  columns: ColumnRow[];
  indexes: { name: string; definition: string }[];
}
