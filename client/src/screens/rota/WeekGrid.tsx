import { Button, Card, Empty, Table } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import { useViewport } from '../../shell/useViewport';
import { byStart, dayHeading, dayOf, formatHours, paidTotal, type RotaLine, STEP_LABELS, timesOf, weekDays } from './rota';

export interface WeekRow {
  key: number;
  name: string;
}

interface Props {
  week: string;
  /** The grid's rows (a store's users, or a user's stores). */
  rows: WeekRow[];
  /** Which row a line belongs to. */
  rowOf: (line: RotaLine) => number;
  lines: RotaLine[];
  nameHeading: string;
  loading?: boolean;
  onOpen?: (line: RotaLine) => void;
  onAdd?: (day: string, rowKey: number) => void;
}

type GridRow = WeekRow & { total?: boolean };

/**
 * One line: its times, its type when not a plain shift, paid hours and step (the border says the
 * step too). A button that opens the line where lines can be opened (the plan); plain text in the
 * read-only week views, where there is nothing to press.
 */
function LineChip({ line, rowName, onOpen }: { line: RotaLine; rowName: string; onOpen?: (line: RotaLine) => void }) {
  const content = (
    <>
      <div className="rota-line-times">{timesOf(line)}</div>
      <div className="rota-line-type">
        {line.rotaLineTypeID === 1 ? '' : `${line.rotaLineTypeName} · `}
        {formatHours(line.paidHours)} · {STEP_LABELS[line.currentHistoryStep]}
      </div>
    </>
  );
  if (!onOpen) {
    return (
      <div className="rota-line-chip" data-step={line.currentHistoryStep}>
        {content}
      </div>
    );
  }
  return (
    <button
      type="button"
      className="rota-line-chip"
      data-step={line.currentHistoryStep}
      aria-label={`${rowName} ${dayHeading(dayOf(line))} ${timesOf(line)} ${line.rotaLineTypeName} ${STEP_LABELS[line.currentHistoryStep]}`}
      onClick={() => onOpen(line)}
    >
      {content}
    </button>
  );
}

/**
 * A week by day with paid hours per day and week. From the desktop breakpoint (1000 px) a grid
 * of rows by day; below it one card per day listing its lines, so nothing hides off screen.
 */
export function WeekGrid(props: Props) {
  const { isDesktop } = useViewport();
  return isDesktop ? <WeekTable {...props} /> : <WeekByDay {...props} />;
}

function WeekTable({ week, rows, rowOf, lines, nameHeading, loading, onOpen, onAdd }: Props) {
  const days = weekDays(week);
  const linesOf = (row: GridRow, day?: string) => lines.filter((line) => (row.total || rowOf(line) === row.key) && (!day || dayOf(line) === day));

  const columns: ColumnsType<GridRow> = [
    {
      title: nameHeading,
      dataIndex: 'name',
      fixed: 'left',
      width: 110,
      render: (name: string, row) => (row.total ? <span className="rota-total">{name}</span> : name),
    },
    ...days.map((day) => ({
      title: dayHeading(day),
      key: day,
      width: 108,
      render: (_: unknown, row: GridRow) => {
        const cell = linesOf(row, day);
        if (row.total) return cell.length ? <span className="rota-total">{formatHours(paidTotal(cell))}</span> : null;
        return (
          <div className="rota-cell">
            {byStart(cell).map((line) => (
              <LineChip key={line.rotaLineID} line={line} rowName={row.name} onOpen={onOpen} />
            ))}
            {onAdd && (
              <Button
                size="small"
                type="dashed"
                icon={<PlusOutlined />}
                aria-label={`Add a line for ${row.name} on ${dayHeading(day)}`}
                onClick={() => onAdd(day, row.key)}
              />
            )}
          </div>
        );
      },
    })),
    {
      title: 'Week',
      key: 'week',
      width: 72,
      render: (_: unknown, row: GridRow) => <span className="rota-total">{formatHours(paidTotal(linesOf(row)))}</span>,
    },
  ];

  const data: GridRow[] = [...rows, { key: -1, name: 'Paid hours', total: true }];
  return (
    <Table<GridRow>
      className="rota-week-table"
      size="small"
      bordered
      rowKey="key"
      loading={loading}
      columns={columns}
      dataSource={data}
      pagination={false}
      scroll={{ x: 110 + 7 * 108 + 72 }}
    />
  );
}

function WeekByDay({ week, rows, rowOf, lines, loading, onOpen, onAdd }: Props) {
  const nameOf = (line: RotaLine) => rows.find((row) => row.key === rowOf(line))?.name ?? '';
  return (
    <div className="rota-days">
      {weekDays(week).map((day) => {
        const cell = byStart(lines.filter((line) => dayOf(line) === day));
        return (
          <Card
            key={day}
            size="small"
            loading={loading}
            title={dayHeading(day)}
            extra={<span className="rota-total">{formatHours(paidTotal(cell))}</span>}
            actions={
              onAdd && rows.length
                ? [
                    <Button
                      key="add"
                      type="link"
                      icon={<PlusOutlined />}
                      aria-label={`Add a line on ${dayHeading(day)}`}
                      onClick={() => onAdd(day, rows[0].key)}
                    >
                      Add a line
                    </Button>,
                  ]
                : undefined
            }
          >
            {cell.length === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No rota lines" />
            ) : (
              cell.map((line) => (
                <div key={line.rotaLineID} className="rota-day-line">
                  <span className="rota-day-name">{nameOf(line)}</span>
                  <LineChip line={line} rowName={nameOf(line)} onOpen={onOpen} />
                </div>
              ))
            )}
          </Card>
        );
      })}
      <div className="rota-total rota-week-total">{`Paid hours this week: ${formatHours(paidTotal(lines))}`}</div>
    </div>
  );
}
