import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button, Table, Typography } from 'antd';
import type { ColumnsType, SorterResult } from 'antd/es/table/interface';
import { InfoCircleOutlined } from '@ant-design/icons';
import { usePreference } from '../../api/hooks';
import { formatDate } from '../../format/format';
import { InfoDialog } from '../../record/InfoDialog';
import { formatMetric, NO_VALUE } from './kpiFormat';
import type { KpiTable, PartAnswer, TableRow } from './kpiTypes';

interface SortState {
  sortColumnName: string;
  sortDir: 'asc' | 'desc';
}

/** The saved sort of a table (`landingTableSort/{table}`): '{"sortColumnName":…,"sortDir":…}'; anything else is the default. */
export function readSort(value: string | null, columns: string[]): SortState | null {
  if (!value) return null;
  try {
    const parsed = JSON.parse(value) as Partial<SortState>;
    if (typeof parsed.sortColumnName === 'string' && columns.includes(parsed.sortColumnName) && (parsed.sortDir === 'asc' || parsed.sortDir === 'desc')) {
      return { sortColumnName: parsed.sortColumnName, sortDir: parsed.sortDir };
    }
  } catch {
    // A value that is not ours: the default sort.
  }
  return null;
}

/** Rows in a column's order: names alphabetically, values numerically with no value last. */
export function sortRows(rows: TableRow[], sort: SortState | null): TableRow[] {
  if (!sort) return rows;
  const sign = sort.sortDir === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => {
    if (sort.sortColumnName === 'name') return a.name.localeCompare(b.name) * sign;
    const [x, y] = [a.values[sort.sortColumnName], b.values[sort.sortColumnName]];
    if (x === null || x === undefined) return y === null || y === undefined ? 0 : 1;
    if (y === null || y === undefined) return -1;
    return (x - y) * sign;
  });
}

/** Whether an answer is a table this view can draw. */
function isTable(table: unknown): table is KpiTable {
  const t = table as KpiTable;
  return Boolean(t && Array.isArray(t.columns) && Array.isArray(t.rows) && t.totalsRow && typeof t.totalsRow.values === 'object');
}

/**
 * A KPI table (spec 01 sections 2 and 3): a column per metric in its format, green or red by the
 * metric's success value, the totals row, a sort saved per table, each name opening the sales it
 * adds up, and the details dialog with each metric's parts, current and prior.
 */
export function KpiTableView({ table, storeID, sortName }: { table: unknown; storeID?: number; sortName: string }) {
  const navigate = useNavigate();
  const preference = usePreference('landingTableSort', sortName);
  const [details, setDetails] = useState<TableRow | null>(null);
  const valid = isTable(table);
  const columnNames = valid ? table.columns.map((c) => c.name) : [];
  const sort = readSort(preference.value, columnNames);
  const rows = useMemo(() => (valid ? sortRows(table.rows, sort) : []), [valid, table, sort]);
  if (!valid) return <Typography.Text type="secondary">(Cannot display the passed data)</Typography.Text>;

  const salesPath = (params: string) => (storeID ? `/sales/${storeID}/params/${params}` : `/sales/params/${params}`);
  const columns: ColumnsType<TableRow> = table.columns.map((column) => {
    const sortOrder = sort?.sortColumnName === column.name ? (sort.sortDir === 'asc' ? 'ascend' : 'descend') : null;
    if (column.name === 'name') {
      return {
        key: 'name',
        title: column.title,
        fixed: 'left' as const,
        sorter: true,
        sortOrder,
        render: (_: unknown, row: TableRow) => (
          <span className="kpi-name-cell">
            <Typography.Link onClick={() => navigate(salesPath(row.params))}>{row.name}</Typography.Link>
            <Button type="text" size="small" icon={<InfoCircleOutlined />} aria-label={`Details of ${row.name}`} onClick={() => setDetails(row)} />
          </span>
        ),
      };
    }
    return {
      key: column.name,
      title: column.title,
      align: 'right' as const,
      sorter: true,
      sortOrder,
      onCell: (row: TableRow) => ({ className: row.colors[column.name] ? `kpi-cell-${row.colors[column.name]}` : undefined }),
      render: (_: unknown, row: TableRow) => <span title={row.reasons?.[column.name]}>{formatMetric(row.values[column.name], column.displayAs)}</span>,
    };
  });

  const onChange = (_p: unknown, _f: unknown, sorter: SorterResult<TableRow> | SorterResult<TableRow>[]) => {
    const one = Array.isArray(sorter) ? sorter[0] : sorter;
    const name = String(one?.columnKey ?? '');
    if (!one?.order || !name) void preference.save('');
    else void preference.save(JSON.stringify({ sortColumnName: name, sortDir: one.order === 'ascend' ? 'asc' : 'desc' }));
  };

  return (
    <div className="kpi-table">
      <Typography.Title level={2} className="kpi-table-title kpi-section-title">
        {table.title}{' '}
        <Typography.Text type="secondary" className="kpi-table-span">
          {formatDate(table.current.fromDate)}
          {table.current.toDate !== table.current.fromDate ? ` to ${formatDate(table.current.toDate)}` : ''}
        </Typography.Text>
      </Typography.Title>
      <Table<TableRow>
        size="small"
        rowKey="key"
        columns={columns}
        dataSource={rows}
        pagination={false}
        scroll={{ x: 'max-content' }}
        onChange={onChange}
        locale={{ emptyText: 'No sales or stats in this period' }}
        summary={() => (
          <Table.Summary fixed="bottom">
            <Table.Summary.Row className="kpi-totals-row">
              {table.columns.map((column, i) => (
                <Table.Summary.Cell
                  key={column.name}
                  index={i}
                  align={i === 0 ? 'left' : 'right'}
                  className={table.totalsRow.colors[column.name] ? `kpi-cell-${table.totalsRow.colors[column.name]}` : undefined}
                >
                  {i === 0 ? (
                    <span className="kpi-name-cell">
                      <Typography.Link strong onClick={() => navigate(salesPath(table.totalsRow.params))}>
                        Total
                      </Typography.Link>
                      <Button
                        type="text"
                        size="small"
                        icon={<InfoCircleOutlined />}
                        aria-label="Details of Total"
                        onClick={() => setDetails(table.totalsRow)}
                      />
                    </span>
                  ) : (
                    <strong>{formatMetric(table.totalsRow.values[column.name], column.displayAs)}</strong>
                  )}
                </Table.Summary.Cell>
              ))}
            </Table.Summary.Row>
          </Table.Summary>
        )}
      />
      {details && <DetailsDialog table={table} row={details} onClose={() => setDetails(null)} />}
    </div>
  );
}

/** A row's metrics with their numerator and denominator parts, current and prior (spec 01 section 2). */
function DetailsDialog({ table, row, onClose }: { table: KpiTable; row: TableRow; onClose: () => void }) {
  const metrics = table.columns.filter((c) => c.name !== 'name');
  const part = (value: number | null | undefined) => (value === null || value === undefined ? NO_VALUE : formatMetric(value, '2dp'));
  return (
    <InfoDialog title={`${row.name}: how each figure is made`} onClose={onClose} width={720}>
      {table.prior && (
        <Typography.Paragraph type="secondary">
          Current {formatDate(table.current.fromDate)} to {formatDate(table.current.toDate)}; prior {formatDate(table.prior.fromDate)} to{' '}
          {formatDate(table.prior.toDate)}.
        </Typography.Paragraph>
      )}
      {metrics.map((metric) => (
        <div key={metric.name} className="kpi-details-metric">
          <Typography.Text strong>
            {metric.title}: {formatMetric(row.values[metric.name], metric.displayAs)}
          </Typography.Text>
          {row.reasons?.[metric.name] && <Typography.Paragraph type="secondary">{row.reasons[metric.name]}</Typography.Paragraph>}
          <Table<PartAnswer>
            size="small"
            rowKey={(p) => `${p.metricPartID ?? p.name}-${p.divisionPart}`}
            pagination={false}
            dataSource={row.metricParts[metric.name] ?? []}
            columns={[
              { key: 'name', title: 'Part', dataIndex: 'name' },
              {
                key: 'divisionPart',
                title: 'Divides as',
                render: (_: unknown, p: PartAnswer) => (p.divisionPart === 'numerator' ? 'Numerator' : 'Denominator'),
              },
              {
                key: 'field',
                title: 'Field',
                render: (_: unknown, p: PartAnswer) =>
                  `${p.field} of ${p.tableName === 'sales' ? 'sales' : 'daily stats'}${p.multiplier !== 1 ? ` × ${p.multiplier}` : ''}`,
              },
              { key: 'current', title: 'Current', align: 'right', render: (_: unknown, p: PartAnswer) => part(p.current) },
              { key: 'prior', title: 'Prior', align: 'right', render: (_: unknown, p: PartAnswer) => part(p.prior) },
            ]}
          />
        </div>
      ))}
    </InfoDialog>
  );
}
