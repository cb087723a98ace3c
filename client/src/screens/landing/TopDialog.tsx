import { useState } from 'react';
import { Input, Table, Typography } from 'antd';
import type { ColumnsType, SorterResult, SortOrder } from 'antd/es/table/interface';
import { useAbortableSWR } from '../../api/hooks';
import type { ListResponse } from '../../api/types';
import { formatDate, formatInteger } from '../../format/format';
import { InfoDialog } from '../../record/InfoDialog';
import { useCurrentUser } from '../../shell/CurrentUser';
import { useDebouncedCallback } from '../../shell/useDebounced';
import { formatMoney } from './kpiFormat';
import type { TopEntry } from './kpiTypes';

export type TopKind = 'stores' | 'skus' | 'users';

const TITLES: Record<TopKind, string> = { stores: 'Top stores', skus: 'Top SKUs', users: 'Top users' };
const PAGE_LENGTHS = [10, 25, 50, 100, 500];

/**
 * Top stores, Top SKUs and Top users (spec 01 section 2): the month's counted sales grouped,
 * sorted and paged by the server (GET /api/kpi/{kind}), with totals and ASPs the profile shows,
 * and a name filter ('Filter table', 750 ms).
 */
export function TopDialog({
  kind,
  fromDate,
  toDate,
  figure,
  onClose,
}: {
  kind: TopKind;
  fromDate: string;
  toDate: string;
  figure: 'revenue' | 'commission';
  onClose: () => void;
}) {
  const me = useCurrentUser();
  const { showRevenue, showCommission } = me.accessProfile;
  const [page, setPage] = useState(0);
  const [pageLength, setPageLength] = useState(10);
  const [sort, setSort] = useState<{ sort: string; sortDir: 'asc' | 'desc' }>({
    sort: figure === 'revenue' ? 'adjustedRevenueTotal' : 'commissionTotal',
    sortDir: 'desc',
  });
  const [filter, setFilter] = useState('');
  const [quickFilter, setQuickFilter] = useState('');
  const applyFilter = useDebouncedCallback((text: string) => {
    setQuickFilter(text.trim());
    setPage(0);
  });
  const query = new URLSearchParams({ saleDateGEQ: fromDate, saleDateLEQ: toDate, page: String(page), pageLength: String(pageLength), ...sort });
  if (quickFilter) query.set('quickFilter', quickFilter);
  const { data, isLoading } = useAbortableSWR<ListResponse<TopEntry>>(`/api/kpi/${kind}?${query}`, { keepPreviousData: true });

  const order = (name: string): SortOrder => (sort.sort === name ? (sort.sortDir === 'asc' ? 'ascend' : 'descend') : null);
  const money = (name: keyof TopEntry, title: string) => ({
    key: name,
    title,
    width: 116,
    align: 'right' as const,
    sorter: true,
    sortOrder: order(name),
    render: (_: unknown, r: TopEntry) => formatMoney(r[name] as number | null),
  });
  const nameColumn: ColumnsType<TopEntry>[number] =
    kind === 'skus'
      ? {
          key: 'name',
          title: 'SKU',
          sorter: true,
          sortOrder: order('name'),
          onCell: (r: TopEntry) => ({ title: `${r.sku ?? ''} ${r.rateCardLineDescription ?? ''}`.trim() }),
          render: (_: unknown, r: TopEntry) => (
            <span>
              <strong>{r.sku}</strong> {r.rateCardLineDescription}
            </span>
          ),
        }
      : kind === 'users'
        ? { key: 'name', title: 'User', sorter: true, sortOrder: order('name'), render: (_: unknown, r: TopEntry) => r.attributableToUserName }
        : { key: 'name', title: 'Store', sorter: true, sortOrder: order('name'), render: (_: unknown, r: TopEntry) => r.storeName };
  const columns: ColumnsType<TopEntry> = [
    { key: 'rank', title: '#', width: 48, render: (_: unknown, r: TopEntry) => r.rank },
    nameColumn,
    {
      key: 'revenueCount',
      title: 'Sales',
      width: 80,
      align: 'right',
      sorter: true,
      sortOrder: order('revenueCount'),
      render: (_: unknown, r: TopEntry) => formatInteger(r.revenueCount),
    },
    ...(showRevenue ? [money('adjustedRevenueTotal', 'Revenue'), money('adjustedRevenueASP', 'Revenue ASP')] : []),
    ...(showCommission ? [money('commissionTotal', 'Commission'), money('commissionASP', 'Commission ASP')] : []),
  ];

  const onChange = (pagination: { current?: number; pageSize?: number }, _f: unknown, sorter: SorterResult<TopEntry> | SorterResult<TopEntry>[]) => {
    const one = Array.isArray(sorter) ? sorter[0] : sorter;
    const size = pagination.pageSize ?? pageLength;
    setPageLength(size);
    setPage(size !== pageLength ? 0 : (pagination.current ?? 1) - 1);
    if (one?.columnKey && one.order) setSort({ sort: String(one.columnKey), sortDir: one.order === 'ascend' ? 'asc' : 'desc' });
  };

  return (
    <InfoDialog title={TITLES[kind]} onClose={onClose} width={960} className="kpi-top-dialog">
      <div className="kpi-top-toolbar">
        <Typography.Text type="secondary">
          {formatDate(fromDate)} to {formatDate(toDate)}
        </Typography.Text>
        <Input.Search
          allowClear
          placeholder="Filter table"
          aria-label="Filter table"
          value={filter}
          onChange={(e) => {
            setFilter(e.target.value);
            applyFilter(e.target.value);
          }}
          style={{ maxWidth: 260 }}
        />
      </div>
      {/* The figures keep their widths and the name takes the rest, ending in an ellipsis (the whole
          name on hover): every figure column fits the dialog (issue 26; Commission was cut). */}
      <Table<TopEntry>
        className="dense-table"
        tableLayout="fixed"
        size="small"
        rowKey={(r) => String(r.sku ?? r.attributableToUserID ?? r.storeID)}
        loading={isLoading}
        columns={columns}
        dataSource={data?.listData ?? []}
        scroll={{ x: 'max(100%, 640px)' }}
        onChange={onChange}
        pagination={{ current: page + 1, pageSize: pageLength, total: data?.page.rowCount ?? 0, pageSizeOptions: PAGE_LENGTHS, showSizeChanger: true }}
      />
    </InfoDialog>
  );
}
