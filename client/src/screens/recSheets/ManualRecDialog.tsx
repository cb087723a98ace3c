import { useEffect, useMemo, useState } from 'react';
import { Alert, App, Button, Collapse, DatePicker, Descriptions, Form, Input, InputNumber, Modal, Result, Spin, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs, { type Dayjs } from 'dayjs';
import useSWR from 'swr';
import { useList } from '../../api/hooks';
import { ApiError, apiGet, apiRequest, apiUrl } from '../../api/http';
import type { ListResponse, Row, ValidationResult } from '../../api/types';
import { figuresOf } from '../../auth/figures';
import { formatDate, formatPounds, textOf } from '../../format/format';
import { useCurrentUser } from '../../shell/CurrentUser';
import { SaleStatus } from '../../resources/sales';
import { TYPING_DELAY_MS } from '../../shell/useDebounced';
import { dialogFit, useViewport } from '../../shell/useViewport';
import { autoRecNotesText } from './recLineWords';
import { useSaveFeedback } from '../../feedback/useSaveFeedback';
import { Picker } from '../../record/Picker';

/** The exact words that end manual reconciliation (spec 02 §2.3, §8). */
export const NO_MORE_LINES = 'There are no more unreconciled rec sheet lines.';

/** Sale search (spec 02 §5): one page of 50, at most a year of sale dates. */
const SEARCH_PAGE_LENGTH = 50;
const DATE_FORMAT = 'DD/MM/YYYY';

interface Props {
  recSheetID: number;
  /** The unreconciled lines to walk, in the list's order. */
  lineIDs: number[];
  onClose: () => void;
  /** After each reconcile, to refresh the lists. */
  onReconciled: () => void;
}

/** A validate or reconcile answer: fail with messages, or a warning to confirm. */
interface RecAnswer {
  validationResult?: ValidationResult & { warning?: string | boolean; warningMessage?: string; warnings?: string[] };
  data?: Row;
}

/**
 * A sale's store and SKU may change only while it is unlocked: recorded or modified, not part of
 * a refund, with no rec sheet line yet (the server's rule, SalesService.planReconcileChanges).
 */
function isLocked(sale: Row): boolean {
  const step = textOf(sale.currentHistoryStep);
  return !['recorded', 'modified'].includes(step) || Boolean(sale.isRefund) || Boolean(sale.isRefunded) || toNumber(sale.recSheetLinesCount) > 0;
}

const toNumber = (value: unknown) => (value === null || value === undefined || value === '' ? 0 : Number(value));
/** Pounds as whole pence, so 0.1 + 0.2 compares as money does. */
const pence = (value: unknown) => Math.round(toNumber(value) * 100);

/** The warning of an answer, whichever way the server words it. */
function warningOf(result: RecAnswer['validationResult']): string | null {
  if (!result) return null;
  if (typeof result.warning === 'string' && result.warning) return result.warning;
  if (typeof result.warningMessage === 'string' && result.warningMessage) return result.warningMessage;
  if (Array.isArray(result.warnings) && result.warnings.length) return result.warnings.join(' ');
  if (result.warning === true) return result.failSummary ?? 'Check the sale before reconciling.';
  return null;
}

/** Which form input shows a message of the answer (spec 02 §5: changesStoreName, changesSKU, recNotes). */
const MESSAGE_FIELDS: Record<string, string> = {
  changesStoreName: 'storeName',
  'changes.storeName': 'storeName',
  changesSKU: 'sku',
  'changes.sku': 'sku',
  changesAdjustment: 'adjustment',
  'changes.adjustment': 'adjustment',
  adjustment: 'adjustment',
  recNotes: 'recNotes',
};

/**
 * Manual reconciliation (spec 02 §2.3, §5): walks the sheet's unreconciled lines one at a time
 * with Back and Skip. For each line: its details, the suggested sales (GET
 * /recSheetLine/{id}/recSuggest, with the reason of each) and a sale search; choosing a sale
 * validates the pair (the warning and the adjustment it needs), then 'Reconcile' commits it
 * (adjustment, store and SKU when unlocked, notes) and moves to the next line.
 */
export function ManualRecDialog({ recSheetID, lineIDs, onClose, onReconciled }: Props) {
  const viewport = useViewport();
  const [position, setPosition] = useState(0);
  const [done, setDone] = useState<Set<number>>(() => new Set());
  const remaining = lineIDs.filter((id) => !done.has(id));
  const lineID = position < lineIDs.length ? lineIDs[position] : undefined;
  const finished = remaining.length === 0 || lineID === undefined;

  /** The next (or previous) line not reconciled in this walk. */
  const step = (delta: 1 | -1, from = position) => {
    let next = from + delta;
    while (next >= 0 && next < lineIDs.length && done.has(lineIDs[next])) next += delta;
    if (next < 0) return;
    setPosition(Math.min(next, lineIDs.length));
  };
  const hasPrevious = lineIDs.slice(0, position).some((id) => !done.has(id));

  return (
    <Modal
      open
      title="Manual reconcile"
      onCancel={onClose}
      maskClosable={false}
      {...dialogFit(viewport, 1160, 'record-dialog', 'manual-rec-dialog')}
      footer={null}
      destroyOnHidden
    >
      {finished ? (
        <>
          <Result status="success" title={NO_MORE_LINES} />
          <div className="manual-rec-footer">
            {hasPrevious && <Button onClick={() => step(-1)}>Back</Button>}
            <Button type="primary" onClick={onClose}>
              Close
            </Button>
          </div>
        </>
      ) : (
        <LineStep
          key={lineID}
          recSheetID={recSheetID}
          lineID={lineID}
          counter={`Line ${lineIDs
            .slice(0, position + 1)
            .filter((id) => !done.has(id))
            .length.toLocaleString('en-GB')} of ${remaining.length.toLocaleString('en-GB')}`}
          hasPrevious={hasPrevious}
          onBack={() => step(-1)}
          onSkip={() => step(1)}
          onReconciled={() => {
            setDone((all) => new Set(all).add(lineID));
            onReconciled();
            step(1);
          }}
          onClose={onClose}
        />
      )}
    </Modal>
  );
}

interface LineStepProps {
  recSheetID: number;
  lineID: number;
  counter: string;
  hasPrevious: boolean;
  onBack: () => void;
  onSkip: () => void;
  onReconciled: () => void;
  onClose: () => void;
}

function LineStep({ lineID, counter, hasPrevious, onBack, onSkip, onReconciled, onClose }: LineStepProps) {
  const { modal } = App.useApp();
  // Without showRevenue the server sends no amounts: the step says what to do without them.
  const showsRevenue = figuresOf(useCurrentUser()).revenue;
  const { data: lineAnswer, error: lineError } = useSWR<ListResponse, Error>(
    apiUrl('recSheetLines', { recSheetLineID: lineID, fkJoins: 'file,sale' }),
    (url: string) => apiGet<ListResponse>(url),
  );
  const line = lineAnswer?.listData?.[0];
  const alreadyReconciled = line ? toNumber(line.saleID) !== 0 : false;

  const {
    data: suggestAnswer,
    error: suggestError,
    isLoading: suggestLoading,
  } = useSWR<{ listData: Row[] }, Error>(`/api/recSheetLine/${lineID}/recSuggest`, (url: string) => apiGet<{ listData: Row[] }>(url), {
    revalidateOnFocus: false,
  });
  useEffect(() => {
    if (suggestError) console.error('Could not load the suggested sales', suggestError);
  }, [suggestError]);

  const [sale, setSale] = useState<Row | null>(null);
  const [form] = Form.useForm();
  const [checking, setChecking] = useState(false);
  const [saving, setSaving] = useState(false);
  const [warning, setWarning] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [effect, setEffect] = useState<Row | null>(null);
  /**
   * The server refused the chosen sale: Reconcile waits for another choice, or for a change to
   * the inputs its message asks for (issue 26: it stayed enabled and failed the same way again).
   */
  const [refused, setRefused] = useState(false);
  const saved = useSaveFeedback();

  /** What the line paid against what the sale still waits for: the adjustment to record. */
  const neededAdjustment = (chosen: Row) => (pence(line?.revenue) - pence(chosen.unreconciledRevenue)) / 100;

  const bodyOf = () => {
    const values = form.getFieldsValue(true) as { adjustment?: number | null; storeName?: string; sku?: string; recNotes?: string };
    const changes: Row = {};
    if (values.adjustment !== undefined && values.adjustment !== null && Number(values.adjustment) !== 0) changes.adjustment = Number(values.adjustment);
    // Store and SKU are the sale's: sent only when changed, and only an unlocked sale may change them.
    if (sale && !isLocked(sale) && values.storeName && values.storeName !== textOf(sale.storeName)) changes.storeName = values.storeName;
    if (sale && !isLocked(sale) && values.sku && values.sku !== textOf(sale.sku)) changes.sku = values.sku;
    return { recNotes: values.recNotes ?? '', changes };
  };

  /** Puts the messages under their inputs; what no input shows goes in the summary. */
  const showMessages = (result: ValidationResult | undefined, fallback: string) => {
    const messages = Object.entries(result?.failMessages ?? {});
    const left: string[] = [];
    const fields: { name: string; errors: string[] }[] = [];
    for (const [key, message] of messages) {
      const name = MESSAGE_FIELDS[key];
      if (name) fields.push({ name, errors: [message] });
      else left.push(message);
    }
    form.setFields(fields);
    setFailure([result?.failSummary ?? fallback, ...left].filter(Boolean).join(' '));
  };

  const clearMessages = () => {
    setFailure(null);
    form.setFields(['adjustment', 'storeName', 'sku', 'recNotes'].map((name) => ({ name, errors: [] })));
  };

  /** PUT …/validate: the warning and the effect of reconciling the line with this sale. */
  const validate = async (chosen: Row): Promise<RecAnswer | null> => {
    try {
      const answer = await apiRequest<RecAnswer>(`/api/recSheetLine/${lineID}/recSale/${Number(chosen.saleID)}/validate`, { method: 'PUT', body: bodyOf() });
      setWarning(warningOf(answer.body?.validationResult));
      setEffect(answer.body?.data ?? null);
      setRefused(false);
      return answer.body;
    } catch (caught) {
      if (caught instanceof ApiError) {
        const result = caught.validationResult;
        setWarning(warningOf(result));
        showMessages(result, caught.message);
        setRefused(true);
      } else {
        setFailure('The server could not be reached. Please try again.');
      }
      return null;
    }
  };

  const choose = async (chosen: Row) => {
    setSale(chosen);
    setWarning(null);
    setEffect(null);
    clearMessages();
    form.setFieldsValue({ adjustment: neededAdjustment(chosen) || null, storeName: textOf(chosen.storeName), sku: textOf(chosen.sku), recNotes: '' });
    setChecking(true);
    await validate(chosen);
    setChecking(false);
  };

  const reconcile = async () => {
    if (!sale) return;
    clearMessages();
    setSaving(true);
    const checked = await validate(sale);
    if (!checked) {
      setSaving(false);
      return;
    }
    const commit = async () => {
      try {
        await apiRequest(`/api/recSheetLine/${lineID}/recSale/${Number(sale.saleID)}`, { method: 'PUT', body: bodyOf() });
        saved(`Line ${textOf(line?.orderRef ?? lineID)} reconciled to sale ${Number(sale.saleID)}`, { listPath: 'recSheetLines', ids: [lineID] });
        onReconciled();
      } catch (caught) {
        if (caught instanceof ApiError) showMessages(caught.validationResult, caught.message);
        else setFailure('The server could not be reached. Please try again.');
      } finally {
        setSaving(false);
      }
    };
    const warned = warningOf(checked.validationResult);
    if (warned) {
      modal.confirm({
        title: 'Reconcile anyway?',
        content: warned,
        okText: 'Reconcile',
        onOk: () => commit(),
        onCancel: () => setSaving(false),
      });
    } else {
      await commit();
    }
  };

  const adjustmentNeeded = sale ? neededAdjustment(sale) : 0;
  const saleLocked = sale ? isLocked(sale) : true;
  const suggestions = suggestAnswer?.listData ?? [];

  return (
    <div className="manual-rec">
      <div className="manual-rec-counter">
        <Typography.Text type="secondary">{counter}</Typography.Text>
      </div>
      {lineError && <Alert type="error" showIcon message="Error loading data" />}
      {!line && !lineError && (
        <div className="dialog-loading">
          <Spin />
        </div>
      )}
      {line && (
        <>
          <Descriptions
            className="manual-rec-line"
            size="small"
            bordered
            column={{ xs: 1, sm: 2, lg: 3 }}
            title="Rec sheet line"
            items={[
              { key: 'saleDate', label: 'Sale date', children: formatDate(line.saleDate) },
              { key: 'storeName', label: 'Store', children: textOf(line.storeName) },
              { key: 'orderRef', label: 'Order ref', children: textOf(line.orderRef) },
              { key: 'sku', label: 'SKU', children: textOf(line.sku) },
              { key: 'description', label: 'Description', children: textOf(line.description) },
              ...(showsRevenue ? [{ key: 'revenue', label: 'Revenue', children: formatPounds(line.revenue) }] : []),
              ...(line.worksheet ? [{ key: 'worksheet', label: 'Worksheet', children: textOf(line.worksheet) }] : []),
              ...(line.autoRecNotes ? [{ key: 'autoRecNotes', label: 'Auto reconcile notes', children: autoRecNotesText(line) }] : []),
            ]}
          />
          {alreadyReconciled && (
            <Alert className="dialog-note" type="info" showIcon message="This line has been reconciled since the list was read. Skip to the next one." />
          )}

          {!alreadyReconciled && (
            <>
              <Typography.Title level={5} className="manual-rec-heading">
                Suggested sales
              </Typography.Title>
              <SalesTable
                className="manual-rec-suggestions"
                rows={suggestions}
                loading={suggestLoading}
                chosenID={sale ? Number(sale.saleID) : undefined}
                onChoose={(row) => void choose(row)}
                showReason
                emptyText="No likely sales found. Search for the sale below."
              />
              <Collapse
                className="manual-rec-search"
                size="small"
                items={[
                  {
                    key: 'search',
                    label: 'Search sales',
                    children: <SaleSearch line={line} chosenID={sale ? Number(sale.saleID) : undefined} onChoose={(row) => void choose(row)} />,
                  },
                ]}
              />
            </>
          )}

          {sale && !alreadyReconciled && (
            <div className="manual-rec-chosen">
              <Typography.Title level={5} className="manual-rec-heading">
                Reconcile with the sale of {formatDate(sale.saleDate)}, {textOf(sale.storeName)}, {textOf(sale.sku)}
              </Typography.Title>
              {checking && <Spin size="small" />}
              {warning && <Alert className="dialog-note" type="warning" showIcon message={warning} />}
              <Alert
                className="dialog-note manual-rec-effect"
                type={adjustmentNeeded !== 0 ? 'warning' : 'info'}
                showIcon
                message={
                  !showsRevenue
                    ? 'Record an adjustment only if the server asks for one: your access profile does not show revenue.'
                    : adjustmentNeeded !== 0
                      ? `Adjustment needed: the line paid ${formatPounds(line.revenue)}, the sale waits for ${formatPounds(sale.unreconciledRevenue)} (${formatPounds(adjustmentNeeded)}).`
                      : `No adjustment needed: the line pays the sale's unreconciled revenue of ${formatPounds(sale.unreconciledRevenue)}.`
                }
                description={
                  effect && effect.adjustedRevenue !== undefined
                    ? `Once reconciled the sale's adjusted revenue is ${formatPounds(effect.adjustedRevenue)} and its unreconciled revenue ${formatPounds(effect.unreconciledRevenue)}.`
                    : undefined
                }
              />
              {failure && <Alert className="dialog-note" type="error" showIcon role="alert" message={failure} />}
              <Form
                form={form}
                layout="vertical"
                className="manual-rec-form"
                disabled={saving}
                onValuesChange={(changed) => {
                  // A corrected input's message goes, and Reconcile may be tried again with it.
                  form.setFields(Object.keys(changed as Row).map((name) => ({ name, errors: [] })));
                  if (refused) {
                    setRefused(false);
                    setFailure(null);
                  }
                }}
              >
                <div className="manual-rec-fields">
                  <Form.Item
                    name="adjustment"
                    label="Adjustment"
                    required={adjustmentNeeded !== 0}
                    extra="Revenue added to (or taken from) the sale so it matches what was paid"
                  >
                    <InputNumber className="manual-rec-adjustment" precision={2} step={1} prefix="£" aria-label="Adjustment" />
                  </Form.Item>
                  <Form.Item
                    name="storeName"
                    label="Store"
                    extra={
                      saleLocked
                        ? 'Locked: this sale cannot move to another store'
                        : line.storeName !== sale.storeName
                          ? `The line says ${textOf(line.storeName)}`
                          : undefined
                    }
                  >
                    <Input maxLength={100} aria-label="Store" disabled={saleLocked} />
                  </Form.Item>
                  <Form.Item
                    name="sku"
                    label="SKU"
                    extra={
                      saleLocked ? 'Locked: this sale cannot change SKU' : line.sku && line.sku !== sale.sku ? `The line says ${textOf(line.sku)}` : undefined
                    }
                  >
                    <Input maxLength={25} aria-label="SKU" disabled={saleLocked} />
                  </Form.Item>
                </div>
                <Form.Item name="recNotes" label="Notes">
                  <Input.TextArea rows={2} maxLength={1000} aria-label="Notes" />
                </Form.Item>
              </Form>
            </div>
          )}
        </>
      )}
      <div className="manual-rec-footer">
        <Button onClick={onClose} disabled={saving}>
          Close
        </Button>
        <Button onClick={onBack} disabled={!hasPrevious || saving}>
          Back
        </Button>
        <Button onClick={onSkip} disabled={saving}>
          Skip
        </Button>
        <Button type="primary" disabled={!sale || alreadyReconciled || checking || refused} loading={saving} onClick={() => void reconcile()}>
          Reconcile
        </Button>
      </div>
    </div>
  );
}

interface SalesTableProps {
  rows: Row[];
  loading?: boolean;
  chosenID?: number;
  onChoose: (row: Row) => void;
  showReason?: boolean;
  emptyText: string;
  className: string;
}

/** Sales to choose from: date, store, SKU, order ref, status, amounts (and why it is suggested). */
function SalesTable({ rows, loading, chosenID, onChoose, showReason, emptyText, className }: SalesTableProps) {
  const showsRevenue = figuresOf(useCurrentUser()).revenue;
  const columns: ColumnsType<Row> = [
    // First, so choosing does not scroll a narrow table away from the sale's date and store.
    {
      key: 'choose',
      title: '',
      width: 84,
      render: (_, row) =>
        Number(row.saleID) === chosenID ? (
          <Tag color="blue">Chosen</Tag>
        ) : (
          <Button size="small" onClick={() => onChoose(row)}>
            Choose
          </Button>
        ),
    },
    { key: 'saleDate', title: 'Date', width: 88, render: (_, row) => formatDate(row.saleDate) },
    // Names and the reason take what is left and end in an ellipsis (the whole text on hover):
    // the table fits the dialog, 'Why' included (issue 26; it was cut at the right edge).
    { key: 'storeName', title: 'Store', dataIndex: 'storeName', onCell: (row) => ({ title: textOf(row.storeName) }) },
    { key: 'sku', title: 'SKU', dataIndex: 'sku', width: 130, onCell: (row) => ({ title: textOf(row.sku) }) },
    { key: 'orderRef', title: 'Order ref', dataIndex: 'orderRef', width: 164 },
    { key: 'status', title: 'Status', width: 108, render: (_, row) => <SaleStatus step={row.currentHistoryStep} /> },
    ...(showsRevenue
      ? ([
          { key: 'adjustedRevenue', title: 'Revenue', align: 'right', width: 92, render: (_, row) => formatPounds(row.adjustedRevenue ?? row.revenue) },
          { key: 'unreconciledRevenue', title: 'Unreconciled', align: 'right', width: 104, render: (_, row) => formatPounds(row.unreconciledRevenue) },
        ] satisfies ColumnsType<Row>)
      : []),
    ...(showReason
      ? [{ key: 'reason', title: 'Why', onCell: (row: Row) => ({ title: textOf(row.reason) }), render: (_: unknown, row: Row) => textOf(row.reason) }]
      : []),
  ];
  return (
    <Table<Row>
      className={`${className} dense-table`}
      tableLayout="fixed"
      size="small"
      rowKey={(row) => String(row.saleID)}
      columns={columns}
      dataSource={rows}
      loading={loading}
      pagination={false}
      // As wide as the dialog; narrower than the columns' least (a phone), it scrolls sideways.
      scroll={{ x: 'max(100%, 960px)', y: 240 }}
      locale={{ emptyText: loading ? ' ' : emptyText }}
      rowClassName={(row) => (Number(row.saleID) === chosenID ? 'manual-rec-chosen-row' : '')}
    />
  );
}

/** A typed value applied after the typing pause (spec 02 §9: 750 ms). */
function useDebounced<T>(value: T): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), TYPING_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [value]);
  return settled;
}

const STATUS_OPTIONS = [
  { value: 'recorded', label: 'Recorded' },
  { value: 'modified', label: 'Modified' },
  { value: 'reconciled', label: 'Reconciled' },
];

/**
 * The sale search of manual reconciliation (spec 02 §5): one page of 50, dates within a year
 * (around the line's sale date by default), store and user name contains (lower case, ≤ 50),
 * SKU contains (≤ 25), status (recorded and modified by default: the sales ready to reconcile).
 */
function SaleSearch({ line, chosenID, onChoose }: { line: Row; chosenID?: number; onChoose: (row: Row) => void }) {
  const lineDay = dayjs.utc(String(line.saleDate));
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => [lineDay.subtract(11, 'month'), lineDay.add(1, 'month')]);
  const [storeText, setStoreText] = useState(textOf(line.storeName));
  const [skuText, setSkuText] = useState('');
  const [userText, setUserText] = useState('');
  const [quickText, setQuickText] = useState('');
  const [steps, setSteps] = useState<string[]>(['recorded', 'modified']);
  const store = useDebounced(storeText.trim().toLowerCase().slice(0, 50));
  const sku = useDebounced(skuText.trim().slice(0, 25));
  const user = useDebounced(userText.trim().toLowerCase().slice(0, 50));
  const quickFilter = useDebounced(quickText.trim());

  const query = useMemo(() => {
    const params: Record<string, string> = {
      saleDateGEQ: range[0].format('YYYY-MM-DD'),
      saleDateLEQ: range[1].format('YYYY-MM-DD'),
      page: '0',
      pageLength: String(SEARCH_PAGE_LENGTH),
      sort: 'saleDate',
      sortDir: 'desc',
    };
    if (store) params.storeNameLower = store;
    if (sku) params.skuLower = sku.toLowerCase();
    if (user) params.attributableToUserNameLower = user;
    if (quickFilter) params.quickFilter = quickFilter;
    if (steps.length) params.currentHistoryStep = steps.join(',');
    return params;
  }, [range, store, sku, user, quickFilter, steps]);
  const { data, isLoading, isValidating } = useList('sales', query);
  const rows = data?.listData ?? [];
  const total = data?.page?.rowCount ?? 0;

  return (
    <div className="manual-rec-sale-search">
      <div className="manual-rec-search-filters">
        <label className="manual-rec-filter">
          <span>Sale dates (a year at most)</span>
          <DatePicker.RangePicker
            format={DATE_FORMAT}
            allowClear={false}
            value={range}
            aria-label="Sale dates"
            onChange={(value) => {
              if (!value?.[0] || !value[1]) return;
              const [from, to] = value as [Dayjs, Dayjs];
              // Last year only: a longer range keeps its end and starts a year before it.
              setRange(to.diff(from, 'day') > 366 ? [to.subtract(1, 'year'), to] : [from, to]);
            }}
          />
        </label>
        <label className="manual-rec-filter">
          <span>Store contains</span>
          <Input value={storeText} maxLength={50} allowClear onChange={(e) => setStoreText(e.target.value)} aria-label="Store contains" />
        </label>
        <label className="manual-rec-filter">
          <span>SKU contains</span>
          <Input value={skuText} maxLength={25} allowClear onChange={(e) => setSkuText(e.target.value)} aria-label="SKU contains" />
        </label>
        <label className="manual-rec-filter">
          <span>Sale made by</span>
          <Input value={userText} maxLength={50} allowClear onChange={(e) => setUserText(e.target.value)} aria-label="Sale made by" />
        </label>
        <label className="manual-rec-filter">
          <span>Status</span>
          <Picker mode="multiple" value={steps} options={STATUS_OPTIONS} onChange={setSteps} aria-label="Status" placeholder="Any status" />
        </label>
        <label className="manual-rec-filter">
          <span>Order ref or other text</span>
          <Input value={quickText} maxLength={50} allowClear onChange={(e) => setQuickText(e.target.value)} aria-label="Search text" />
        </label>
      </div>
      <SalesTable
        className="manual-rec-search-results"
        rows={rows}
        loading={isLoading || (isValidating && !data)}
        chosenID={chosenID}
        onChoose={onChoose}
        emptyText="No sales match the search."
      />
      {total > SEARCH_PAGE_LENGTH && (
        <Typography.Text type="secondary" className="manual-rec-more">
          The first {SEARCH_PAGE_LENGTH} of {total.toLocaleString('en-GB')} sales: narrow the search to find others.
        </Typography.Text>
      )}
    </div>
  );
}
