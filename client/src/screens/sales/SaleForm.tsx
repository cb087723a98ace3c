import { useEffect, useMemo, useRef, useState } from 'react';
import { DatePicker, Form, Input, Modal } from 'antd';
import dayjs from 'dayjs';
import useSWR from 'swr';
import { useAbortableSWR } from '../../api/hooks';
import { apiGet, apiUrl, isAbortError } from '../../api/http';
import type { DataResponse, ListResponse, Me, Row } from '../../api/types';
import { figuresOf } from '../../auth/figures';
import { storesOf } from '../../auth/permissions';
import { formatPounds, textOf } from '../../format/format';
import { LookupSelect } from '../../record/LookupSelect';
import { useCurrentUser } from '../../shell/CurrentUser';
import { useDebouncedCallback } from '../../shell/useDebounced';
import { useViewport } from '../../shell/useViewport';
import { OrderRefInput } from './OrderRefInput';
import {
  analysisDefaults,
  analysisFromSale,
  analysisToForm,
  applyAutoFill,
  CALCULATION_ERROR,
  clampSaleDay,
  cleanOrderRef,
  discountAfterDiscountChange,
  discountAfterSaleTypeChange,
  discountAfterSkuChange,
  DISCOUNT_PERCENTS,
  earliestSaleDay,
  fieldsOfStore,
  isAutoFilled,
  SKU_NOT_AVAILABLE,
  todayDay,
  type AnalysisFieldDef,
  type AnalysisFormValue,
  type Day,
} from './saleForm';
import './sales-form.css';
import { Picker } from '../../record/Picker';

/** The SKU chosen: a rate card line store, with what the form reads of it and its line. */
export interface LineChoice {
  rateCardLineStoreID: number;
  rateCardID: number | null;
  sku: string;
  description: string;
  excludeDiscount: boolean;
  bandName: string | null;
}

/** The form's state. Names are the body's (docs/http-api.md "Saving"), plus what the form shows. */
export interface SaleValues {
  storeID: number | null;
  saleTypeID: number | null;
  attributableToUserID: number | null;
  /** Name of the seller before the picker loads (a loaded sale's, or the current user's). */
  attributableToUserName: string;
  saleDate: Day;
  orderRef: string;
  line: LineChoice | null;
  discountStoreID: number | null;
  discountPercent: number | null;
  /** The discount's name before the discounts load (a loaded sale's). */
  discountName: string;
  notes: string;
  /** analysisFieldID -> value. */
  analysis: Record<string, AnalysisFormValue>;
  /** The rate card in force on the sale date (read, not sent); rateCardKnown once looked up. */
  rateCardID: number | null;
  rateCardName: string;
  rateCardKnown: boolean;
  /** A SKU known only by its line store id (a new sale from the calculator), loaded by the form. */
  pendingLineStoreID: number | null;
}

export type SaleValuesUpdate = (update: (previous: SaleValues) => SaleValues) => void;

export interface Amounts {
  revenue?: number;
  commission?: number;
}

/** A LineStore row of GET /api/rateCardLineStores?fkJoins=rateCardLine as the form's choice. */
export function lineChoiceOf(row: Row): LineChoice {
  const line = (row.rateCardLine ?? {}) as Row;
  return {
    rateCardLineStoreID: Number(row.rateCardLineStoreID),
    rateCardID: line.rateCardID === undefined || line.rateCardID === null ? null : Number(line.rateCardID),
    sku: textOf(row.sku),
    description: textOf(row.description),
    excludeDiscount: Boolean(row.excludeDiscount),
    bandName: (line.bandName as string | null | undefined) ?? null,
  };
}

function lineStoresUrl(params: Record<string, string | number | null | undefined>): string {
  return apiUrl('rateCardLineStores', { active: 1, fkJoins: 'rateCardLine', sort: 'sku', sortDir: 'asc', ...params });
}

/** The rate card in force on a day: the latest fromDate not after it. */
export async function rateCardOn(day: Day): Promise<{ rateCardID: number; name: string } | null> {
  const body = await apiGet<ListResponse<Row>>(apiUrl('rateCards', { fromDateLEQ: day, sort: 'fromDate', sortDir: 'desc', pageLength: 1 }));
  const card = body.listData[0];
  return card ? { rateCardID: Number(card.rateCardID), name: textOf(card.name) } : null;
}

/** The line store of the same SKU for another store, sale type or card; null when there is none. */
async function sameSkuElsewhere(sku: string, storeID: number, saleTypeID: number, rateCardID: number): Promise<LineChoice | null> {
  const body = await apiGet<ListResponse<Row>>(lineStoresUrl({ rateCardID, storeID, saleTypeID, sku, pageLength: 1 }));
  const row = body.listData[0];
  return row ? lineChoiceOf(row) : null;
}

const getJson = <T,>(url: string) => apiGet<T>(url);

/** Sale types with the stores offering them (every user reads them; stores limited to the profile's). */
function useSaleTypes() {
  const { data } = useSWR<ListResponse<Row>, Error>(apiUrl('saleTypes', { pageLength: 500, sort: 'name' }), getJson, { revalidateOnFocus: false });
  return data?.listData ?? [];
}

function useAnalysisFields(): AnalysisFieldDef[] {
  const { data } = useSWR<ListResponse<AnalysisFieldDef>, Error>(apiUrl('analysisFields', { pageLength: 500, sort: 'name' }), getJson, {
    revalidateOnFocus: false,
  });
  return data?.listData ?? [];
}

interface Props {
  values: SaleValues;
  onChange: SaleValuesUpdate;
  /** Messages under the fields, by body name (and `saleAnalysisValues.{analysisFieldID}`). */
  errors?: Record<string, string>;
  /** False: every field read-only (view, delete, a sale that can no longer change). */
  editable: boolean;
  /** A new sale gets the analysis fields' defaults. */
  isNew: boolean;
  /** 'calculator': sale type, discount, store, SKU and the amounts only (spec 01 §1). */
  variant?: 'sale' | 'calculator';
  /** Cancelled or credit-fail sales count 0; refund rows are negated. */
  isCancelled?: boolean;
  isRefund?: boolean;
  /** The saved amounts, shown until something they depend on changes. */
  savedAmounts?: Amounts;
  /** Prefix of input ids, so two forms can share a page. */
  idPrefix?: string;
}

/**
 * The sale transaction form's fields (spec 01 §4 "Form behaviour"), also the calculator's.
 * The parent holds the values; this applies the rules as they change: the SKU follows the
 * store, sale type and rate card, the discount resets with the sale type or a SKU that
 * excludes discounts, auto-filled analysis fields follow the SKU, amounts are recalculated.
 */
export function SaleForm({ values, onChange, errors = {}, editable, isNew, variant = 'sale', isCancelled, isRefund, savedAmounts, idPrefix = 'sale' }: Props) {
  const me = useCurrentUser();
  const viewport = useViewport();
  const figures = figuresOf(me);
  const calculator = variant === 'calculator';
  const stores = storesOf(me);
  const saleTypes = useSaleTypes();
  const allFields = useAnalysisFields();
  const fields = useMemo(() => fieldsOfStore(allFields, values.storeID), [allFields, values.storeID]);
  const [notAvailable, setNotAvailable] = useState(false);
  const latest = useRef(values);
  latest.current = values;

  // ---- the rate card in force on the sale date ----
  useEffect(() => {
    let stale = false;
    rateCardOn(values.saleDate)
      .then((card) => {
        if (stale) return;
        onChange((v) => ({ ...v, rateCardID: card?.rateCardID ?? null, rateCardName: card?.name ?? '', rateCardKnown: true }));
      })
      .catch((error) => console.error('Could not read the rate card in force', error));
    return () => {
      stale = true;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- when the sale date changes; onChange is a state setter's wrapper
  }, [values.saleDate]);

  // ---- the SKU follows store, sale type and card (spec 01 §4) ----
  const skuContext = `${values.storeID}|${values.saleTypeID}|${values.rateCardID}`;
  const firstContext = useRef(skuContext);
  useEffect(() => {
    if (!editable || skuContext === firstContext.current) return;
    firstContext.current = skuContext;
    const { line, storeID, saleTypeID, rateCardID } = latest.current;
    if (!line || !storeID || !saleTypeID || !rateCardID) return;
    let stale = false;
    sameSkuElsewhere(line.sku, storeID, saleTypeID, rateCardID)
      .then((found) => {
        if (stale) return;
        if (found && found.rateCardLineStoreID === latest.current.line?.rateCardLineStoreID) return;
        onChange((v) => withLine(v, found, fields));
        if (!found) setNotAvailable(true);
      })
      .catch((error) => {
        if (!isAbortError(error)) console.error('Could not reload the SKU', error);
      });
    return () => {
      stale = true;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- when store, sale type or card change (the rest is read through latest.current)
  }, [skuContext]);

  // ---- a line known only by id (a new sale from the calculator) ----
  const pendingLineID = values.pendingLineStoreID;
  useEffect(() => {
    if (!pendingLineID) return;
    apiGet<ListResponse<Row>>(lineStoresUrl({ rateCardLineStoreID: pendingLineID, active: undefined }))
      .then((body) => {
        const row = body.listData[0];
        onChange((v) => ({ ...(row ? withLine(v, lineChoiceOf(row), fields) : v), pendingLineStoreID: null }));
      })
      .catch((error) => console.error('Could not read the SKU', error));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- when a line is known only by its id; onChange is a state setter's wrapper
  }, [pendingLineID]);

  // ---- analysis fields: defaults on new sales, autofill from the line ----
  const defaultsDone = useRef<number | null>(null);
  useEffect(() => {
    if (calculator || !editable || !fields.length) return;
    onChange((v) => {
      let analysis = v.analysis;
      if (isNew && defaultsDone.current !== v.storeID) {
        defaultsDone.current = v.storeID;
        analysis = { ...analysisDefaults(fields), ...analysis };
      }
      return { ...v, analysis: applyAutoFill(fields, analysis, v.line) };
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- when the analysis fields arrive; onChange is a state setter's wrapper
  }, [fields]);

  // ---- revenue and commission ----
  const amountsKey = values.line
    ? apiUrl('sale/revenueCommission', {
        rateCardLineStoreID: values.line.rateCardLineStoreID,
        discountStoreID: values.discountStoreID,
        discountPercent: values.discountPercent,
        isCancelled: isCancelled ? 1 : 0,
        isRefund: isRefund ? 1 : 0,
      })
    : null;
  const savedKey = useRef(savedAmounts ? amountsKey : undefined);
  const useSaved = savedAmounts !== undefined && amountsKey === savedKey.current;
  const { data: calculated, error: calculationError } = useAbortableSWR<DataResponse<Amounts>>(useSaved ? null : amountsKey, {
    revalidateOnFocus: false,
    shouldRetryOnError: false,
  });
  const [showCalcError, setShowCalcError] = useState(false);
  useEffect(() => {
    if (calculationError && !isAbortError(calculationError)) setShowCalcError(true);
  }, [calculationError]);
  const amounts: Amounts | undefined = useSaved ? savedAmounts : amountsKey ? calculated?.data : undefined;

  // ---- choices ----
  const storeSaleTypes = saleTypes.filter((t) => values.storeID && ((t.storeIDs as number[] | undefined) ?? []).includes(values.storeID));
  const { data: discountRows } = useSWR<ListResponse<Row>, Error>(
    values.storeID && values.saleTypeID
      ? apiUrl('discountStores', { enabled: 1, storeID: values.storeID, discountSaleTypeID: values.saleTypeID, pageLength: 500 })
      : null,
    getJson,
    { revalidateOnFocus: false },
  );
  const discounts = [...(discountRows?.listData ?? [])].sort((a, b) => String(a.discountName).localeCompare(String(b.discountName)));
  const chosenDiscount = discounts.find((d) => d.discountStoreID === values.discountStoreID);
  const capturesPercent = Boolean(chosenDiscount?.captureVariablePercent) || (!chosenDiscount && values.discountPercent !== null);

  const set = (patch: Partial<SaleValues>) => onChange((v) => ({ ...v, ...patch }));
  const error = (name: string) => (errors[name] ? { validateStatus: 'error' as const, help: errors[name] } : {});
  const id = (name: string) => `${idPrefix}-${name}`;
  const earliest = earliestSaleDay(me.salesMonthsBack, todayDay());
  const horizontal = viewport.atLeastSm;

  return (
    <>
      <Form
        className={`sale-form${calculator ? ' sale-form-calculator' : ''}`}
        layout={horizontal ? 'horizontal' : 'vertical'}
        labelCol={horizontal ? { flex: '150px' } : undefined}
        labelWrap
        colon={false}
        disabled={!editable}
        component="div"
      >
        <Form.Item label="Store" htmlFor={id('storeID')} required {...error('storeID')}>
          <Picker
            id={id('storeID')}
            aria-label="Store"
            value={values.storeID ?? undefined}
            options={stores.map((s) => ({ value: s.storeID, label: s.name }))}
            placeholder="Choose a store"
            onChange={(storeID: number) =>
              onChange((v) => {
                const offered = saleTypes.some((t) => t.saleTypeID === v.saleTypeID && ((t.storeIDs as number[] | undefined) ?? []).includes(storeID));
                return {
                  ...v,
                  storeID,
                  saleTypeID: offered ? v.saleTypeID : null,
                  // A discount store belongs to its store.
                  ...discountAfterSaleTypeChange(),
                  discountName: '',
                  line: offered ? v.line : null,
                };
              })
            }
          />
        </Form.Item>
        <Form.Item label="Sale type" htmlFor={id('saleTypeID')} required {...error('saleTypeID')}>
          <Picker
            id={id('saleTypeID')}
            aria-label="Sale type"
            value={values.saleTypeID ?? undefined}
            options={withCurrent(
              storeSaleTypes.map((t) => ({ value: Number(t.saleTypeID), label: String(t.name) })),
              values.saleTypeID,
              saleTypes.find((t) => t.saleTypeID === values.saleTypeID)?.name as string | undefined,
            )}
            placeholder={values.storeID ? 'Choose a sale type' : 'Choose a store first'}
            disabled={!editable || !values.storeID}
            onChange={(saleTypeID: number) => onChange((v) => ({ ...v, saleTypeID, ...discountAfterSaleTypeChange(), discountName: '' }))}
          />
        </Form.Item>
        {!calculator && (
          <>
            <Form.Item label="Sale made by" htmlFor={id('attributableToUserID')} required {...error('attributableToUserID')}>
              <LookupSelect
                id={id('attributableToUserID')}
                value={values.attributableToUserID}
                // Only users whose profile has the sale's store may be named (the server checks it too).
                source={{
                  listPath: 'users',
                  valueField: 'userID',
                  labelField: 'name',
                  filters: values.storeID ? { active: '1', sellsAtStoreID: String(values.storeID) } : { active: '1' },
                }}
                initialOptions={
                  values.attributableToUserID ? [{ value: values.attributableToUserID, label: values.attributableToUserName || '(Username not found)' }] : []
                }
                onChange={(userID) => set({ attributableToUserID: (userID as number | null) ?? null })}
              />
            </Form.Item>
            <Form.Item
              label="Sale date"
              htmlFor={id('saleDate')}
              required
              {...error('saleDate')}
              extra={values.rateCardName ? `Rate card: ${values.rateCardName}` : values.rateCardKnown ? 'No rate card is in force on this date' : undefined}
            >
              <DatePicker
                id={id('saleDate')}
                aria-label="Sale date"
                format="DD/MM/YYYY"
                allowClear={false}
                value={dayjs(values.saleDate)}
                disabledDate={(day) => Boolean(earliest && day.format('YYYY-MM-DD') < earliest)}
                onChange={(day) => {
                  if (!day) return;
                  set({ saleDate: clampSaleDay(day.format('YYYY-MM-DD'), me.salesMonthsBack, todayDay()) });
                }}
              />
            </Form.Item>
            <Form.Item label="Order reference" htmlFor={id('orderRef')} required {...error('orderRef')}>
              <OrderRefInput
                id={id('orderRef')}
                value={values.orderRef}
                onChange={(orderRef) => set({ orderRef })}
                status={errors.orderRef ? 'error' : undefined}
              />
            </Form.Item>
          </>
        )}
        <Form.Item label="SKU" htmlFor={id('rateCardLineStoreID')} required {...error('rateCardLineStoreID')}>
          <SkuSelect
            id={id('rateCardLineStoreID')}
            value={values.line}
            storeID={values.storeID}
            saleTypeID={values.saleTypeID}
            rateCardID={values.rateCardID}
            disabled={!editable}
            onChange={(line) => onChange((v) => withLine(v, line, fields))}
          />
        </Form.Item>
        <Form.Item label="Discount" htmlFor={id('discountStoreID')} {...error('discountStoreID')}>
          <Picker
            id={id('discountStoreID')}
            aria-label="Discount"
            allowClear
            value={values.discountStoreID ?? undefined}
            options={withCurrent(
              discounts.map((d) => ({ value: Number(d.discountStoreID), label: String(d.discountName) })),
              values.discountStoreID,
              values.discountName,
            )}
            placeholder={
              values.line?.excludeDiscount ? 'This SKU excludes discounts' : discounts.length ? 'No discount' : 'No discounts for this store and sale type'
            }
            disabled={!editable || !values.saleTypeID || Boolean(values.line?.excludeDiscount)}
            onChange={(discountStoreID: number | undefined) =>
              onChange((v) => {
                const chosen = discounts.find((d) => d.discountStoreID === discountStoreID);
                return {
                  ...v,
                  ...discountAfterDiscountChange(
                    chosen ? { discountStoreID: Number(chosen.discountStoreID), captureVariablePercent: Boolean(chosen.captureVariablePercent) } : undefined,
                    v.discountPercent,
                  ),
                  discountName: chosen ? String(chosen.discountName) : '',
                };
              })
            }
          />
        </Form.Item>
        {values.discountStoreID !== null && capturesPercent && (
          <Form.Item label="Discount percent" htmlFor={id('discountPercent')} required {...error('discountPercent')}>
            <Picker
              id={id('discountPercent')}
              aria-label="Discount percent"
              className="discount-percent-select"
              value={values.discountPercent ?? undefined}
              options={DISCOUNT_PERCENTS.map((p) => ({ value: p, label: `${p}%` }))}
              onChange={(discountPercent: number) => set({ discountPercent })}
            />
          </Form.Item>
        )}
        {!calculator &&
          fields.map((field) => (
            <AnalysisInput
              key={field.analysisFieldID}
              field={field}
              id={id(`analysis-${field.analysisFieldID}`)}
              value={values.analysis[String(field.analysisFieldID)]}
              error={errors[`saleAnalysisValues.${field.analysisFieldID}`]}
              editable={editable}
              onChange={(value) => onChange((v) => ({ ...v, analysis: { ...v.analysis, [String(field.analysisFieldID)]: value } }))}
            />
          ))}
        {!calculator && (
          <Form.Item label="Notes" htmlFor={id('notes')} {...error('notes')}>
            <Input.TextArea
              id={id('notes')}
              aria-label="Notes"
              rows={2}
              maxLength={1000}
              value={values.notes}
              onChange={(e) => set({ notes: e.target.value })}
            />
          </Form.Item>
        )}
        {figures.revenue && <AmountItem label="Revenue" name="revenue" value={amounts?.revenue} hasLine={Boolean(values.line)} />}
        {figures.commission && <AmountItem label="Commission" name="commission" value={amounts?.commission} hasLine={Boolean(values.line)} />}
      </Form>
      <MessageDialog
        open={notAvailable}
        title="SKU Not Available"
        text={SKU_NOT_AVAILABLE}
        className="sku-not-available-dialog"
        onClose={() => setNotAvailable(false)}
      />
      <MessageDialog
        open={showCalcError}
        title="Calculation error"
        text={CALCULATION_ERROR}
        className="calculation-error-dialog"
        onClose={() => setShowCalcError(false)}
      />
    </>
  );
}

/** A read-only amount: the server's figure, or what it waits for. */
function AmountItem({ label, name, value, hasLine }: { label: string; name: string; value: number | undefined; hasLine: boolean }) {
  return (
    <Form.Item label={label}>
      <span className="read-only-value sale-amount" data-field={name}>
        {value !== undefined ? formatPounds(value) : hasLine ? 'Calculating...' : 'Choose a SKU'}
      </span>
    </Form.Item>
  );
}

/** A message with an OK button (the spec's named dialogs). */
function MessageDialog({ open, title, text, className, onClose }: { open: boolean; title: string; text: string; className: string; onClose: () => void }) {
  return (
    <Modal open={open} title={title} onOk={onClose} onCancel={onClose} cancelButtonProps={{ style: { display: 'none' } }} okText="OK" className={className}>
      <p>{text}</p>
    </Modal>
  );
}

/** The values with another SKU: discounts it excludes cleared, auto-filled fields refilled. */
function withLine(values: SaleValues, line: LineChoice | null, fields: AnalysisFieldDef[]): SaleValues {
  const discount = discountAfterSkuChange({ discountStoreID: values.discountStoreID, discountPercent: values.discountPercent }, line?.excludeDiscount);
  return {
    ...values,
    line,
    ...discount,
    discountName: discount.discountStoreID === null ? '' : values.discountName,
    analysis: applyAutoFill(fields, values.analysis, line),
  };
}

/** The current choice stays named while the options load or no longer offer it. */
function withCurrent(options: { value: number; label: string }[], current: number | null, name: string | undefined) {
  if (current === null || options.some((o) => o.value === current)) return options;
  return [{ value: current, label: name || '(Not available)' }, ...options];
}

interface SkuSelectProps {
  id: string;
  value: LineChoice | null;
  storeID: number | null;
  saleTypeID: number | null;
  rateCardID: number | null;
  disabled: boolean;
  onChange: (line: LineChoice | null) => void;
}

const skuLabel = (line: { sku: string; description: string }) => (line.description ? `${line.sku} - ${line.description}` : line.sku);

/**
 * The SKU picker: the active line stores of the rate card in force, for the store and sale
 * type, 50 per search, searching SKU and description (spec 01 §9).
 */
function SkuSelect({ id, value, storeID, saleTypeID, rateCardID, disabled, onChange }: SkuSelectProps) {
  const [opened, setOpened] = useState(false);
  const [search, setSearch] = useState('');
  const applySearch = useDebouncedCallback((text: string) => setSearch(text.trim()));
  const ready = Boolean(storeID && saleTypeID && rateCardID);
  const url = ready && opened ? lineStoresUrl({ rateCardID, storeID, saleTypeID, pageLength: 50, quickFilter: search || undefined }) : null;
  const { data, isLoading } = useAbortableSWR<ListResponse<Row>>(url, { keepPreviousData: true });
  const rows = data?.listData ?? [];
  const options = rows.map((row) => ({
    value: Number(row.rateCardLineStoreID),
    label: skuLabel({ sku: String(row.sku), description: textOf(row.description) }),
  }));
  if (value && !options.some((o) => o.value === value.rateCardLineStoreID)) options.unshift({ value: value.rateCardLineStoreID, label: skuLabel(value) });

  return (
    <Picker
      id={id}
      aria-label="SKU"
      className="sku-select"
      value={value?.rateCardLineStoreID}
      options={options}
      onSearch={applySearch}
      onOpenChange={(open) => {
        setOpened(open);
        if (!open) setSearch('');
      }}
      loading={isLoading}
      allowClear
      disabled={disabled || !ready}
      placeholder={
        !storeID || !saleTypeID ? 'Choose a store and sale type first' : !rateCardID ? 'No rate card in force on the sale date' : 'Search SKU or description'
      }
      notFoundContent={isLoading ? 'Loading...' : 'No SKU found'}
      listHeight={350}
      popupMatchSelectWidth={false}
      onChange={(lineStoreID: number | undefined) => {
        const row = rows.find((r) => Number(r.rateCardLineStoreID) === lineStoreID);
        onChange(row ? lineChoiceOf(row) : lineStoreID === value?.rateCardLineStoreID ? value : null);
      }}
    />
  );
}

interface AnalysisInputProps {
  field: AnalysisFieldDef;
  id: string;
  value: AnalysisFormValue | undefined;
  error?: string;
  editable: boolean;
  onChange: (value: AnalysisFormValue) => void;
}

/** One analysis field: free text, one item or several; auto-filled single fields read-only. */
function AnalysisInput({ field, id, value, error, editable, onChange }: AnalysisInputProps) {
  const label = field.label || field.name;
  const items = (field.analysisListItems ?? []).map((item) => ({
    value: item.code,
    label: item.description && item.description !== item.code ? `${item.code} - ${item.description}` : item.code,
  }));
  const autoFilled = isAutoFilled(field);
  const common = { validateStatus: error ? ('error' as const) : undefined, help: error };
  if (field.inputType === 'text') {
    return (
      <Form.Item label={label} htmlFor={id} required={field.required} {...common}>
        <Input id={id} className="analysis-text-input" aria-label={label} value={value ?? ''} maxLength={255} onChange={(e) => onChange(e.target.value)} />
      </Form.Item>
    );
  }
  const multiple = field.inputType === 'multi';
  const current = multiple ? analysisToForm(field, Array.isArray(value) ? value.join(', ') : (value ?? '')) : ((value as string | undefined) ?? '');
  return (
    <Form.Item
      label={label}
      htmlFor={id}
      required={field.required}
      {...common}
      extra={autoFilled ? (current ? 'Filled in from the SKU' : 'Filled in from the SKU: nothing matches it') : undefined}
    >
      <Picker
        id={id}
        aria-label={label}
        className={autoFilled ? 'analysis-auto-filled' : undefined}
        mode={multiple ? 'multiple' : undefined}
        value={multiple ? current : current || undefined}
        options={items}
        allowClear
        disabled={!editable || autoFilled}
        placeholder={autoFilled ? 'None' : 'Choose...'}
        onChange={(next: string | string[] | undefined) => onChange(next ?? (multiple ? [] : ''))}
      />
    </Form.Item>
  );
}

/** The form's values of a loaded sale row (GET /api/sales?saleID=). */
export function valuesOfSale(sale: Row, fields?: AnalysisFieldDef[]): SaleValues {
  const analysis = analysisFromSale(fields ?? [], (sale.saleAnalysisValues as { analysisFieldID: number; analysisValue: string }[] | undefined) ?? []);
  return {
    storeID: numberOrNull(sale.storeID),
    saleTypeID: numberOrNull(sale.saleTypeID),
    attributableToUserID: numberOrNull(sale.attributableToUserID),
    attributableToUserName: textOf(sale.attributableToUserName),
    saleDate: typeof sale.saleDate === 'string' ? sale.saleDate.slice(0, 10) : todayDay(),
    orderRef: textOf(sale.orderRef),
    line: sale.rateCardLineStoreID
      ? {
          rateCardLineStoreID: Number(sale.rateCardLineStoreID),
          rateCardID: numberOrNull(sale.rateCardID),
          sku: textOf(sale.sku),
          description: textOf(sale.description),
          excludeDiscount: Boolean(sale.excludeDiscount),
          bandName: (sale.bandName as string | null | undefined) ?? null,
        }
      : null,
    discountStoreID: numberOrNull(sale.discountStoreID),
    discountPercent: numberOrNull(sale.discountPercent),
    discountName: textOf(sale.discountName),
    notes: textOf(sale.notes),
    analysis,
    rateCardID: numberOrNull(sale.rateCardID),
    rateCardName: textOf(sale.rateCardName),
    rateCardKnown: true,
    pendingLineStoreID: null,
  };
}

function numberOrNull(value: unknown): number | null {
  if (value === null || value === undefined || value === '') return null;
  const number = Number(value);
  return Number.isFinite(number) ? number : null;
}

/**
 * A new sale's values: the store asked for (the URL's, the tab's, the user's default store)
 * when the profile has it, else the profile's first; the current user as seller; today.
 */
export function newSaleValues(me: Me, given: Record<string, unknown>, tabStoreID?: number): SaleValues {
  const myStores = storesOf(me).map((s) => s.storeID);
  const wanted = [given.storeID, tabStoreID, me.storeID].map((v) => (v === undefined || v === null || v === '' ? NaN : Number(v)));
  const storeID = wanted.find((v) => myStores.includes(v)) ?? myStores[0] ?? null;
  const day = typeof given.saleDate === 'string' && /^\d{4}-\d{2}-\d{2}/.test(given.saleDate) ? given.saleDate.slice(0, 10) : todayDay();
  const sellerID = numberOrNull(given.attributableToUserID);
  return {
    storeID,
    saleTypeID: numberOrNull(given.saleTypeID),
    // The current user, when they sell (an administrator who does not picks the seller).
    attributableToUserID: sellerID ?? (me.accessProfile.sells === false ? null : me.userID),
    attributableToUserName: sellerID || me.accessProfile.sells === false ? '' : me.name,
    saleDate: clampSaleDay(day, me.salesMonthsBack, todayDay()),
    orderRef: typeof given.orderRef === 'string' ? cleanOrderRef(given.orderRef) : '',
    line: null,
    pendingLineStoreID: numberOrNull(given.rateCardLineStoreID),
    discountStoreID: numberOrNull(given.discountStoreID),
    discountPercent: numberOrNull(given.discountPercent),
    discountName: '',
    notes: typeof given.notes === 'string' ? given.notes : '',
    analysis: {},
    rateCardID: null,
    rateCardName: '',
    rateCardKnown: false,
  };
}
