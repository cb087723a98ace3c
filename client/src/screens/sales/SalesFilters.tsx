import { Suspense, lazy, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Badge, Collapse, Spin } from 'antd';
import { FilterOutlined } from '@ant-design/icons';
import { readListState } from '../../list/tableQuery';
import { countPanelFilters } from './salesParams';

/** The panel's inputs (date pickers and selects, a seventh of the sales screen's code): fetched when the panel first opens. */
const SalesFilterFields = lazy(async () => ({ default: (await import('./SalesFilterFields')).SalesFilterFields }));

/**
 * The sales filters panel (spec 01 §2): every filter of the list, collapsible, above the
 * table. Its state is the list's filters in the URL, so a filtered list can be shared and
 * dashboard links (/sales/params/{base64}) open it filtered (then open, with the count).
 */
export function SalesFilters() {
  const [searchParams] = useSearchParams();
  const applied = useMemo(() => countPanelFilters(readListState(searchParams).filters), [searchParams]);
  const [open, setOpen] = useState(applied > 0);

  return (
    <Collapse
      className="sales-filters"
      size="small"
      activeKey={open ? ['filters'] : []}
      onChange={(keys) => setOpen((Array.isArray(keys) ? keys : [keys]).includes('filters'))}
      items={[
        {
          key: 'filters',
          label: (
            <span className="sales-filters-title">
              <FilterOutlined /> Filters{' '}
              {applied > 0 && <Badge count={applied} size="small" className="sales-filters-count" title={`${applied} filters applied`} />}
            </span>
          ),
          children: (
            <Suspense fallback={<Spin className="sales-filters-loading" />}>
              <SalesFilterFields />
            </Suspense>
          ),
        },
      ]}
    />
  );
}
