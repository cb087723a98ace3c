import { Button, Card, Empty, Space, Table, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { DiffOutlined } from '@ant-design/icons';
import { useState } from 'react';
import useSWR from 'swr';
import { apiGet } from '../../api/http';
import { figuresOf } from '../../auth/figures';
import type { SelectionContext } from '../../list/resource';
import { rateCardLabel } from '../../resources/rateCards';
import { useCurrentUser } from '../../shell/CurrentUser';
import { InfoDialog } from '../../record/InfoDialog';
import { type CompareResult, type CompareRow, type CompareValue, KIND_CLASS, KIND_LABEL, compareRows, totalsText } from './compare';

const KIND_COLOR = { added: 'green', removed: 'red', changed: 'gold' } as const;

/** A card of hundreds of lines at a score of stores each makes thousands of rows: a page at a time. */
const PAGE_SIZE = 20;

/** 'old → new' with the old struck through and the new highlighted; an added value new only, a removed one old only. */
function CompareValueText({ value }: { value: CompareValue }) {
  const old = value.from !== undefined && (
    <Typography.Text delete type="secondary" className="compare-old">
      {value.from}
    </Typography.Text>
  );
  const next = value.to !== undefined && (
    <Typography.Text mark strong className="compare-new">
      {value.to}
    </Typography.Text>
  );
  return (
    <>
      {old}
      {old && next && ' → '}
      {next}
    </>
  );
}

/** Toolbar action of the rate card list: enabled only with exactly two cards ticked (spec 01 §2). */
export function CompareButton({ ids }: Pick<SelectionContext, 'ids'>) {
  const [open, setOpen] = useState(false);
  const ready = ids.length === 2;
  return (
    <>
      <Tooltip title={ready ? undefined : 'Tick exactly two rate cards to compare them'}>
        <Button icon={<DiffOutlined />} disabled={!ready} onClick={() => setOpen(true)}>
          Compare
        </Button>
      </Tooltip>
      {open && ready && <CompareDialog rateCardIDs={[ids[0], ids[1]]} onClose={() => setOpen(false)} />}
    </>
  );
}

/** What changed from the older card to the newer, per sale type: added, removed and changed lines. */
export function CompareDialog({ rateCardIDs, onClose }: { rateCardIDs: [number, number]; onClose: () => void }) {
  const figures = figuresOf(useCurrentUser());
  const { data, error, isLoading } = useSWR<{ data: CompareResult }, Error>(
    `/api/rateCardCompare?rateCardIDs=${rateCardIDs.join(',')}`,
    (url: string) => apiGet<{ data: CompareResult }>(url),
    { revalidateOnFocus: false },
  );
  const result = data?.data;

  const columns: ColumnsType<CompareRow> = [
    {
      key: 'kind',
      title: 'Change',
      width: 96,
      render: (_: unknown, row: CompareRow) => <Tag color={KIND_COLOR[row.kind]}>{KIND_LABEL[row.kind]}</Tag>,
    },
    // No widths past the tag: each value keeps to one line and the names wrap around them.
    { key: 'sku', title: 'SKU', dataIndex: 'sku' },
    { key: 'description', title: 'Description', dataIndex: 'description' },
    {
      key: 'store',
      title: 'Store',
      render: (_: unknown, row: CompareRow) => row.storeName ?? <Typography.Text type="secondary">The line</Typography.Text>,
    },
    {
      key: 'values',
      title: 'Values',
      render: (_: unknown, row: CompareRow) => (
        <span className="compare-values">
          {row.values.map((value, i) => (
            <span key={value.label} className="compare-value" style={{ whiteSpace: 'nowrap' }}>
              {i > 0 && ' · '}
              {value.label} <CompareValueText value={value} />
            </span>
          ))}
        </span>
      ),
    },
  ];

  return (
    <InfoDialog
      title="Compare rate cards"
      width={1100}
      loading={isLoading}
      error={error ? (error instanceof Error ? error.message : 'The comparison could not be loaded') : null}
      onClose={onClose}
    >
      {result && (
        <div className="compare">
          <Typography.Paragraph className="compare-cards">
            From <strong>{rateCardLabel(result.from)}</strong> to <strong>{rateCardLabel(result.to)}</strong>
          </Typography.Paragraph>
          <Space wrap className="compare-totals" aria-label="Totals">
            <Tag color="green">{result.totals.added} added</Tag>
            <Tag color="red">{result.totals.removed} removed</Tag>
            <Tag color="gold">{result.totals.changed} changed</Tag>
            <Tag>{result.totals.unchanged} unchanged</Tag>
          </Space>
          {result.saleTypes.length === 0 && <Empty description="Neither card has lines" />}
          {result.saleTypes.map((saleType) => {
            const rows = compareRows(saleType, figures);
            return (
              <Card
                key={saleType.saleTypeID}
                size="small"
                className="compare-sale-type"
                title={saleType.saleTypeName}
                extra={<span className="compare-sale-type-totals">{totalsText(saleType.totals)}</span>}
              >
                {rows.length === 0 ? (
                  <Typography.Text type="secondary">No differences</Typography.Text>
                ) : (
                  <Table<CompareRow>
                    size="small"
                    pagination={rows.length > PAGE_SIZE ? { pageSize: PAGE_SIZE, showSizeChanger: false, size: 'small' } : false}
                    rowKey="key"
                    columns={columns}
                    dataSource={rows}
                    rowClassName={(row) => KIND_CLASS[row.kind]}
                    // No horizontal scroll: the table fits the dialog and the names wrap, so on a
                    // narrow (full-screen) dialog they are read without scrolling sideways.
                  />
                )}
              </Card>
            );
          })}
        </div>
      )}
    </InfoDialog>
  );
}
