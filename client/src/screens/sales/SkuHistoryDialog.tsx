import { Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useList } from '../../api/hooks';
import type { Row } from '../../api/types';
import { figuresOf } from '../../auth/figures';
import { formatDate, formatPounds } from '../../format/format';
import { useCurrentUser } from '../../shell/CurrentUser';
import { InfoDialog } from '../../record/InfoDialog';
import { KeyboardScroll } from '../../list/KeyboardScroll';

interface LineStore {
  storeID: number;
  storeName?: string;
  active?: boolean;
  revenue?: number;
  commission?: number;
}

interface Props {
  sku: string;
  /** The store whose revenue and commission show (the sale's, or the form's); every store's when absent. */
  storeID?: number;
  onClose: () => void;
}

/** 'revenue £10.00, commission £2.50' for the figures the profile shows. */
function figuresText(store: LineStore, figures: { revenue: boolean; commission: boolean }): string {
  const parts: string[] = [];
  if (figures.revenue && store.revenue !== undefined) parts.push(`revenue ${formatPounds(store.revenue)}`);
  if (figures.commission && store.commission !== undefined) parts.push(`commission ${formatPounds(store.commission)}`);
  return parts.join(', ');
}

/**
 * SKU history (spec 01 §2 "Other dialogs"): the SKU's lines on every rate card, newest card
 * first (GET /api/rateCardLines?sku=…&sort=rateCard&sortDir=desc), with the store's revenue
 * and commission on each where the profile shows them.
 */
export function SkuHistoryDialog({ sku, storeID, onClose }: Props) {
  const me = useCurrentUser();
  const figures = figuresOf(me);
  const { data, error, isLoading } = useList('rateCardLines', {
    sku,
    sort: 'rateCard',
    sortDir: 'desc',
    fkJoins: 'rateCardLineStores',
    page: '0',
    pageLength: '50',
  });
  const rows = data?.listData ?? [];
  const storesOf = (row: Row) => ((row.rateCardLineStores as LineStore[] | undefined) ?? []).filter((s) => storeID === undefined || s.storeID === storeID);
  const showFigures = figures.revenue || figures.commission;

  const columns: ColumnsType<Row> = [
    { key: 'rateCardName', title: 'Rate card', dataIndex: 'rateCardName' },
    { key: 'rateCardFromDate', title: 'Effective from', render: (_, row) => formatDate(row.rateCardFromDate), width: 120 },
    { key: 'saleTypeName', title: 'Sale type', dataIndex: 'saleTypeName' },
    { key: 'description', title: 'Description', dataIndex: 'description' },
  ];
  if (storeID !== undefined) {
    if (figures.revenue) {
      columns.push({
        key: 'revenue',
        title: 'Revenue',
        align: 'right',
        render: (_, row) => {
          const store = storesOf(row)[0];
          return store ? formatPounds(store.revenue) : 'Not at this store';
        },
      });
    }
    if (figures.commission) {
      columns.push({
        key: 'commission',
        title: 'Commission',
        align: 'right',
        render: (_, row) => {
          const store = storesOf(row)[0];
          return store ? formatPounds(store.commission) : figures.revenue ? '' : 'Not at this store';
        },
      });
    }
  } else if (showFigures) {
    columns.push({
      key: 'stores',
      title: 'Stores',
      render: (_, row) => (
        <ul className="sku-history-stores">
          {storesOf(row).map((store) => (
            <li key={store.storeID}>
              {store.storeName}: {figuresText(store, figures)}
            </li>
          ))}
        </ul>
      ),
    });
  }

  return (
    <InfoDialog
      title={`SKU history: ${sku}`}
      width={900}
      className="sku-history-dialog"
      loading={isLoading}
      error={error ? "The SKU's rate card lines could not be loaded" : null}
      onClose={onClose}
    >
      {data && rows.length === 0 && <Typography.Text type="secondary">This SKU is on no rate card.</Typography.Text>}
      {rows.length > 0 && (
        <KeyboardScroll label={`Rate card lines of ${sku}`}>
          <Table<Row>
            size="small"
            rowKey={(row) => String(row.rateCardLineID)}
            columns={columns}
            dataSource={rows}
            pagination={false}
            scroll={{ x: 'max-content' }}
          />
        </KeyboardScroll>
      )}
      {data && data.page.rowCount > rows.length && (
        <Typography.Paragraph type="secondary" className="sku-history-more">
          The newest {rows.length} of {data.page.rowCount} lines.
        </Typography.Paragraph>
      )}
    </InfoDialog>
  );
}
