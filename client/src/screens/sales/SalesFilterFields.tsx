import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button, Checkbox, DatePicker, Input } from 'antd';
import { ClearOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import type { Me } from '../../api/types';
import { readListState } from '../../list/tableQuery';
import { LookupSelect } from '../../record/LookupSelect';
import { STEP_LOOK } from '../../resources/sales';
import { useCurrentUser } from '../../shell/CurrentUser';
import { useDebouncedCallback } from '../../shell/useDebounced';
import { NO_TARGET_DATE, SALE_STEPS, countPanelFilters, withFilters, withoutPanelFilters } from './salesParams';
import { Picker } from '../../record/Picker';

const DATE_FORMAT = 'DD/MM/YYYY';

/** Users of the 'sale made by' picker: 50 per search, by name (spec 01 §9). */
const USERS_LOOKUP = { listPath: 'users', valueField: 'userID', labelField: 'name', pageLength: 50 };

interface ChoiceFilter {
  param: string;
  label: string;
  options: { value: string; label: string }[];
}

/** The panel's yes/no style filters: '' is 'All' (the parameter is not sent). */
const CHOICE_FILTERS: ChoiceFilter[] = [
  {
    param: 'isRefund',
    label: 'Refund status',
    options: [
      { value: '1', label: 'Refunds only' },
      { value: '0', label: 'Not refunds' },
    ],
  },
  {
    param: 'isRefunded',
    label: 'Refunded status',
    options: [
      { value: '1', label: 'Refunded only' },
      { value: '0', label: 'Not refunded' },
    ],
  },
  {
    param: 'orderRefDuplicates',
    label: 'Order reference duplicates',
    options: [
      { value: '1', label: 'No duplicates' },
      { value: '2', label: 'Duplicates only' },
    ],
  },
  {
    param: 'excludeDiscount',
    label: 'SKU type excluded from discounts',
    options: [
      { value: '1', label: 'Excluded' },
      { value: '0', label: 'Not excluded' },
    ],
  },
];

interface AnalysisFieldOfMe {
  analysisFieldID: number;
  name?: string;
  label?: string;
  inputType?: string;
  analysisListItems?: { code: string; description?: string }[];
}

/** Analysis values offered as choices: the list items of the user's single and multi fields (text answers are typed). */
function analysisOptions(me: Me) {
  const fields = (me.analysisFields ?? []) as AnalysisFieldOfMe[];
  return fields
    .filter((field) => field.analysisListItems?.length)
    .map((field) => ({
      label: field.label || field.name || '',
      options: (field.analysisListItems ?? []).map((item) => ({
        value: item.code,
        label: item.description ? `${item.description} (${item.code})` : item.code,
      })),
    }));
}

/** A labelled input of the panel's grid. */
function Item({ label, htmlFor, children, wide }: { label: string; htmlFor?: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? 'sales-filter sales-filter-wide' : 'sales-filter'}>
      <label className="sales-filter-label" htmlFor={htmlFor}>
        {label}
      </label>
      {children}
    </div>
  );
}

/** A "contains" text filter: typed locally, applied to the URL 750 ms after the last keystroke (spec 01 §9). */
function TypedFilter({
  id,
  param,
  label,
  value,
  apply,
}: {
  id: string;
  param: string;
  label: string;
  value: string;
  apply: (param: string, value: string) => void;
}) {
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  const applyLater = useDebouncedCallback((next: string) => apply(param, next.trim()));
  return (
    <Item label={label} htmlFor={id}>
      <Input
        id={id}
        value={text}
        allowClear
        maxLength={50}
        onChange={(e) => {
          setText(e.target.value);
          applyLater(e.target.value);
        }}
      />
    </Item>
  );
}

/**
 * The inputs of the sales filters panel (SalesFilters), a module of their own: the panel starts
 * closed, and its date and select inputs are fetched when it is first opened (issue 26). Their
 * state is the list's filters in the URL.
 */
export function SalesFilterFields() {
  const me = useCurrentUser();
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = useMemo(() => readListState(searchParams).filters, [searchParams]);
  const applied = countPanelFilters(filters);

  const first = (param: string) => filters[param]?.[0] ?? '';
  const all = (param: string) => filters[param] ?? [];
  const set = (changes: Record<string, string[] | null>) => setSearchParams((current) => withFilters(current, changes));
  const setOne = (param: string, value: string | null | undefined) => set({ [param]: value ? [value] : null });

  const saleTypes = ((me.saleTypes ?? []) as { saleTypeID: number; name: string }[]).map((type) => ({ value: String(type.saleTypeID), label: type.name }));
  const userNames = (me.accessProfile.users ?? []).map((user) => ({ value: user.userID, label: user.name }));
  const dateValue = (param: string) => (first(param) ? dayjs(first(param)) : null);
  const targetDate = first('targetDate') || NO_TARGET_DATE;

  return (
    <div className="sales-filters-grid">
      {CHOICE_FILTERS.map((filter) => (
        <Item key={filter.param} label={filter.label} htmlFor={`sales-filter-${filter.param}`}>
          <Picker
            id={`sales-filter-${filter.param}`}
            value={first(filter.param)}
            options={[{ value: '', label: 'All' }, ...filter.options]}
            onChange={(value: string) => setOne(filter.param, value)}
          />
        </Item>
      ))}
      <Item label="Status" wide>
        <Checkbox.Group
          className="sales-filter-steps"
          value={all('currentHistoryStep')}
          options={SALE_STEPS.map((step) => ({ value: step, label: STEP_LOOK[step].label }))}
          onChange={(values) => set({ currentHistoryStep: values.length ? SALE_STEPS.filter((s) => values.includes(s)) : null })}
        />
      </Item>
      <Item label="From" htmlFor="sales-filter-from">
        <DatePicker
          id="sales-filter-from"
          format={DATE_FORMAT}
          value={dateValue('saleDateGEQ')}
          onChange={(day) => setOne('saleDateGEQ', day ? day.format('YYYY-MM-DD') : null)}
        />
      </Item>
      <Item label="To" htmlFor="sales-filter-to">
        <DatePicker
          id="sales-filter-to"
          format={DATE_FORMAT}
          value={dateValue('saleDateLEQ')}
          onChange={(day) => setOne('saleDateLEQ', day ? day.format('YYYY-MM-DD') : null)}
        />
      </Item>
      <Item label="Sale made by" htmlFor="sales-filter-user">
        <LookupSelect
          id="sales-filter-user"
          multiple
          source={USERS_LOOKUP}
          initialOptions={userNames}
          value={all('attributableToUserID').map(Number)}
          onChange={(value) => set({ attributableToUserID: ((value as number[] | null) ?? []).map(String) })}
          placeholder="All users"
        />
      </Item>
      <Item label="Sale type" htmlFor="sales-filter-saleType">
        <Picker
          id="sales-filter-saleType"
          mode="multiple"
          allowClear
          placeholder="All sale types"
          value={all('saleTypeID')}
          options={saleTypes}
          listHeight={350}
          onChange={(values: string[]) => set({ saleTypeID: values })}
        />
      </Item>
      <Item label="SKUs" htmlFor="sales-filter-sku">
        <Picker
          id="sales-filter-sku"
          mode="tags"
          allowClear
          placeholder="Type SKUs, then Enter"
          value={all('sku')}
          open={false}
          suffixIcon={null}
          tokenSeparators={[',', ' ']}
          onChange={(values: string[]) =>
            set({
              sku: values
                .map((v) => v.trim())
                .filter(Boolean)
                .map((v) => v.slice(0, 25)),
            })
          }
        />
      </Item>
      <Item label="Analysis values" htmlFor="sales-filter-analysis">
        <Picker
          id="sales-filter-analysis"
          mode="tags"
          allowClear
          placeholder="Choose or type values"
          value={all('analysisValue')}
          options={analysisOptions(me)}
          listHeight={350}
          tokenSeparators={[',']}
          onChange={(values: string[]) => set({ analysisValue: values })}
        />
      </Item>
      <TypedFilter id="sales-filter-description" param="descriptionLower" label="SKU description contains" value={first('descriptionLower')} apply={setOne} />
      <TypedFilter id="sales-filter-discount" param="discountNameLower" label="Discount name" value={first('discountNameLower')} apply={setOne} />
      <Item label="Target date" htmlFor="sales-filter-targetDate">
        <DatePicker
          id="sales-filter-targetDate"
          format={DATE_FORMAT}
          value={dayjs(targetDate)}
          allowClear={targetDate !== NO_TARGET_DATE}
          onChange={(day) => {
            const next = day ? day.format('YYYY-MM-DD') : NO_TARGET_DATE;
            setOne('targetDate', next === NO_TARGET_DATE ? null : next);
          }}
        />
      </Item>
      <div className="sales-filters-actions">
        <Button icon={<ClearOutlined />} disabled={applied === 0} onClick={() => setSearchParams((current) => withoutPanelFilters(current))}>
          Clear
        </Button>
      </div>
    </div>
  );
}
