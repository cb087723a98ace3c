import { useRef } from 'react';
import { Button, Table, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { Row } from '../api/types';
import { renderFieldValue } from '../list/renderValue';
import { type FieldContext, type FieldDef, type SubTableDef, resolve } from '../list/resource';
import { FieldInput } from './FieldInput';
import { KeyboardScroll } from '../list/KeyboardScroll';

interface Props {
  id?: string;
  subTable: SubTableDef;
  value: Row[];
  onChange?: (rows: Row[]) => void;
  /** The dialog's state; each cell gets it with its own row as `row`. */
  ctx?: FieldContext;
  /** Every cell as text, no add or remove (read and delete dialogs). */
  readOnly?: boolean;
  /** The field's title: names the table's scrolling box when it is read only (nothing in it takes focus). */
  label?: string;
  /** Server messages keyed 'row.field' (under that cell) or 'row' (under the row's first cell). */
  errors?: Record<string, string>;
  onErrorsChange?: (errors: Record<string, string>) => void;
}

let nextKey = 0;
const newKey = () => `row-${(nextKey += 1)}`;

/**
 * Child rows edited in a nested table inside the record dialog (discount
 * stores, analysis list items). The columns are ordinary field definitions,
 * so each cell uses the same inputs as the form; their callbacks see the row
 * as `ctx.row`. After each edit the table's `normalize` rule ties the row's
 * fields together.
 */
export function SubTableInput({ id, subTable, value, onChange, ctx, readOnly, label, errors = {}, onErrorsChange }: Props) {
  // Stable keys, so inputs keep their state when an earlier row is removed.
  const keys = useRef<string[]>([]);
  while (keys.current.length < value.length) keys.current.push(newKey());
  if (keys.current.length > value.length) keys.current.length = value.length;

  const cellCtx = (row: Row): FieldContext | undefined => (ctx ? { ...ctx, row } : undefined);

  const setRow = (index: number, field: FieldDef, fieldValue: unknown) => {
    const edited = { ...value[index], [field.name]: fieldValue };
    const next = value.map((row, i) => (i === index ? (subTable.normalize ? subTable.normalize(edited) : edited) : row));
    onChange?.(next);
    const errorKey = `${index}.${field.name}`;
    if (errors[errorKey] || errors[String(index)]) {
      const rest = { ...errors };
      delete rest[errorKey];
      delete rest[String(index)];
      onErrorsChange?.(rest);
    }
  };

  const addRow = () => {
    const row = ctx ? subTable.newRow(ctx) : {};
    keys.current.push(newKey());
    onChange?.([...value, subTable.normalize ? subTable.normalize(row) : row]);
  };

  const removeRow = (index: number) => {
    keys.current.splice(index, 1);
    onChange?.(value.filter((_, i) => i !== index));
    // The server's row numbers no longer match the rows.
    if (Object.keys(errors).length) onErrorsChange?.({});
  };

  const renderCell = (fields: FieldDef[], row: Row, index: number, first: boolean) => {
    const context = cellCtx(row);
    const rowError = first ? errors[String(index)] : undefined;
    return (
      <div className={readOnly ? 'sub-cell sub-cell-read' : 'sub-cell'}>
        {fields.map((field) => {
          if (context && resolve(field.hideInForm, context)) return null;
          const message = errors[`${index}.${field.name}`];
          const asText = readOnly || (context && resolve(field.readOnly, context));
          return (
            <div key={field.name} className="sub-cell-input" data-field={field.name}>
              {asText ? (
                <span className="read-only-value" aria-label={field.title}>
                  {renderFieldValue(field, row) || '\u00a0'}
                </span>
              ) : (
                <FieldInput
                  field={field}
                  record={row}
                  ctx={context}
                  value={row[field.name]}
                  onChange={(next) => setRow(index, field, next)}
                  disabled={Boolean(context && resolve(field.disabled, context))}
                  status={message ? 'error' : undefined}
                  aria-label={field.title}
                />
              )}
              {message && <div className="sub-cell-error ant-form-item-explain-error">{message}</div>}
            </div>
          );
        })}
        {rowError && <div className="sub-cell-error ant-form-item-explain-error">{rowError}</div>}
      </div>
    );
  };

  const shownColumns = subTable.columns.filter((column) => !(ctx && column.hidden?.(ctx)));
  const columns: ColumnsType<Row> = shownColumns.map((column, columnIndex) => ({
    key: column.key,
    title: column.title,
    width: column.width,
    render: (_: unknown, row: Row, index: number) => renderCell(column.fields, row, index, columnIndex === 0),
  }));
  if (!readOnly) {
    columns.push({
      key: 'remove',
      title: '',
      width: 40,
      render: (_: unknown, _row: Row, index: number) => (
        <Tooltip title="Remove">
          <Button type="text" danger size="small" icon={<DeleteOutlined />} aria-label="Remove" onClick={() => removeRow(index)} />
        </Tooltip>
      ),
    });
  }

  const table = (
    <Table<Row>
      size="small"
      bordered
      pagination={false}
      rowKey={(row) => keys.current[value.indexOf(row)] ?? String(value.indexOf(row))}
      columns={columns}
      dataSource={value}
      // Fixed widths: long names are cut rather than pushing the table wider than the dialog.
      tableLayout="fixed"
      scroll={{ x: columns.reduce((sum, column) => sum + (Number(column.width) || 150), 0) }}
      locale={{ emptyText: subTable.emptyText }}
    />
  );

  return (
    <div id={id} className="sub-table">
      {readOnly ? <KeyboardScroll label={label ?? 'Rows'}>{table}</KeyboardScroll> : table}
      {!readOnly && (
        <Button className="sub-table-add" type="dashed" icon={<PlusOutlined />} onClick={addRow}>
          {subTable.addLabel}
        </Button>
      )}
    </div>
  );
}
