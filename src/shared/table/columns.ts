/**
 * The columns of a table, as a page declares them from the generated row type:
 *
 *   const column = columnsOf<User>();
 *   const columns = [
 *     column.field('name', { header: t('users.list.name') }),
 *     column.field('user_type', { header: t('users.list.type'), format: (type) => t(USER_TYPE_LABELS[type]) }),
 *     column.custom('actions', { header: t('users.list.actions'), render: (user) => <UserActions user={user} /> }),
 *   ];
 *
 * A column's value is what its cell shows (as text, never as HTML) and what the export writes; `render` draws a
 * cell of its own (chips, switches, buttons) and a column with only `render` is not exported.
 */
import type { ReactNode } from 'react';
import { formatDate } from '../format/dates.ts';
import type { LayoutColumn } from './column-layout.ts';

export type CellValue = string | number | boolean | Date | null | undefined;

export interface TableColumn<Row> extends LayoutColumn {
  /** Stable id: the key of the remembered layout (keep it when the header's wording changes). */
  id: string;
  /** The header, in the interface language. */
  header: string;
  /** The cell's value, shown as text and exported. */
  value?: (row: Row) => CellValue;
  /** A cell of its own instead of the value's text. */
  render?: (row: Row) => ReactNode;
  /** What the export writes when it is not the value (a date as a date cell, a code instead of its label). */
  exportValue?: (row: Row) => CellValue;
  /** False to leave the column out of the export (default: exported when it has a value). */
  exported?: boolean;
  width?: number;
  minWidth?: number;
  /** Share of the free width (the grid's `flex`). */
  flex?: number;
  align?: 'left' | 'center' | 'right';
}

type ColumnOptions<Row> = Omit<TableColumn<Row>, 'id' | 'value'>;

/** A field's column: its value is the field, or what `format` makes of it (required when the field is not plain). */
export type FieldColumnOptions<Row, K extends keyof Row> = ColumnOptions<Row> &
  (Row[K] extends CellValue
    ? { format?: (value: Row[K], row: Row) => CellValue }
    : { format: (value: Row[K], row: Row) => CellValue });

/** Typed column builders for a row type (see the module's comment). */
export function columnsOf<Row>() {
  return {
    field<K extends keyof Row & string>(field: K, options: FieldColumnOptions<Row, K>): TableColumn<Row> {
      const { format, ...rest } = options as ColumnOptions<Row> & { format?: (value: Row[K], row: Row) => CellValue };
      return {
        ...rest,
        id: field,
        value: format ? (row) => format(row[field], row) : (row) => row[field] as CellValue,
      };
    },
    custom(id: string, options: ColumnOptions<Row> & { value?: (row: Row) => CellValue }): TableColumn<Row> {
      return { ...options, id };
    },
  };
}

/** The words a cell uses for a yes/no value. */
export interface CellTexts {
  yes: string;
  no: string;
}

/** A cell's value as the text it shows: dates in the console's list format, yes/no in the interface language. */
export function cellText(value: CellValue, texts: CellTexts): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return formatDate(value, 'panel');
  if (typeof value === 'boolean') return value ? texts.yes : texts.no;
  return String(value);
}

/** Whether the export writes the column. */
export const isExported = <Row>(column: TableColumn<Row>): boolean =>
  column.exported ?? (column.value !== undefined || column.exportValue !== undefined);

/** A cell of the export: numbers and dates keep their type (Excel can sum and sort them), yes/no is written out. */
export function exportCell<Row>(column: TableColumn<Row>, row: Row, texts: CellTexts): string | number | Date | null {
  const value = (column.exportValue ?? column.value)?.(row);
  if (value === null || value === undefined) return null;
  if (typeof value === 'boolean') return value ? texts.yes : texts.no;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  return value;
}
