/**
 * The sale form's pure rules (spec 01 §4 "Form behaviour", §5, §9; docs/http-api.md
 * "Sales (issue 9)"). The server applies the same rules on save; the form applies them
 * as the user edits, so what is shown is what is saved.
 */
import dayjs from 'dayjs';

/** Discount percent options: 0 to 40 in steps of 5 (spec 01 §9). */
export const DISCOUNT_PERCENTS: number[] = Array.from({ length: 9 }, (_, i) => i * 5);

export const ORDER_REF_LENGTH = 20;
export const ORDER_REF_CHUNK = 5;

/** Spec 01 §5 and §8: the messages the form shows itself. */
export const REASON_REQUIRED = 'You must explain the reason for cancelling';
export const SHOULD_BE_20_CHARACTERS = 'Should be 20 characters';
export const SHOULD_BE_20_DIGITS = 'Should be 20 digits';
export const SKU_NOT_AVAILABLE =
  "The selected SKU is not available at that store on this rate card for this sale type. Choose from the list of available SKU's, or change the sale type or store.";
export const CALCULATION_ERROR = 'Revenue and commission could not be calculated. Check the form. If this persists please contact support.';
export const CREDIT_CHECK_FAIL_NOTE = 'Credit check fail';
/** docs/http-api.md: the fixed order reference of a credit-check fail (never shown). */
export const CREDIT_CHECK_FAIL_ORDER_REF = '00000000000000000000';
export const NEW_SALE_HISTORY = 'This is a new sale, no history is available yet...';
export const SCAN_TRY_AGAIN = 'Please try again or enter the data manually';

/** A sale date as the form holds it: 'yyyy-mm-dd'. */
export type Day = string;

export function todayDay(now: Date = new Date()): Day {
  return dayjs(now).format('YYYY-MM-DD');
}

/** The day of a 'yyyy-mm-ddT00:00:00.000Z' record date (a calendar day, read as written). */
export function dayOfRecordDate(value: unknown): Day | null {
  if (typeof value !== 'string') return null;
  const match = /^(\d{4}-\d{2}-\d{2})/.exec(value);
  return match ? match[1] : null;
}

/**
 * The first day of the earliest month a user may record in: the current month less
 * `salesMonthsBack` months; null when unlimited (0).
 */
export function earliestSaleDay(salesMonthsBack: number, today: Day): Day | null {
  if (!salesMonthsBack || salesMonthsBack <= 0) return null;
  return dayjs(today).startOf('month').subtract(salesMonthsBack, 'month').format('YYYY-MM-DD');
}

/** A sale date before the months-back limit becomes the first day of the earliest allowed month. */
export function clampSaleDay(day: Day, salesMonthsBack: number, today: Day): Day {
  const earliest = earliestSaleDay(salesMonthsBack, today);
  return earliest && day < earliest ? earliest : day;
}

// ---------- order reference ----------

/** Digits only, at most 20. */
export function cleanOrderRef(text: string): string {
  return text.replace(/\D/g, '').slice(0, ORDER_REF_LENGTH);
}

/** The order reference as 4 chunks of 5 (narrow screens, spec 01 §9). */
export function orderRefChunks(orderRef: string | null | undefined): string[] {
  const ref = orderRef ?? '';
  return Array.from({ length: ORDER_REF_LENGTH / ORDER_REF_CHUNK }, (_, i) => ref.slice(i * ORDER_REF_CHUNK, (i + 1) * ORDER_REF_CHUNK));
}

/**
 * The chunks after chunk `index` was typed as `text`: digits only; more than 5 (a pasted
 * reference) flow on into the following chunks, overwriting them.
 */
export function typeIntoChunk(chunks: string[], index: number, text: string): string[] {
  const next = [...chunks];
  let digits = text.replace(/\D/g, '');
  for (let i = index; i < next.length; i++) {
    if (i > index && !digits) break;
    next[i] = digits.slice(0, ORDER_REF_CHUNK);
    digits = digits.slice(ORDER_REF_CHUNK);
  }
  return next;
}

export function isValidOrderRef(orderRef: string | null | undefined): boolean {
  return /^\d{20}$/.test(orderRef ?? '');
}

/** Refund order reference: upper-cased and cut to 20 characters (spec 01 §5). */
export function normaliseRefundOrderRef(text: string): string {
  return text.toUpperCase().slice(0, ORDER_REF_LENGTH);
}

// ---------- discounts ----------

export interface DiscountStoreRow {
  discountStoreID: number;
  discountName?: string;
  captureVariablePercent?: boolean;
}

export interface DiscountState {
  discountStoreID: number | null;
  discountPercent: number | null;
}

/** Changing the sale type resets the discount (spec 01 §4). */
export function discountAfterSaleTypeChange(): DiscountState {
  return { discountStoreID: null, discountPercent: null };
}

/** A SKU that excludes discounts clears the discount. */
export function discountAfterSkuChange(state: DiscountState, excludeDiscount: boolean | undefined): DiscountState {
  return excludeDiscount ? { discountStoreID: null, discountPercent: null } : state;
}

/** The percent applies only with a discount capturing a variable percent; it starts at 0. */
export function discountAfterDiscountChange(chosen: DiscountStoreRow | undefined, percent: number | null): DiscountState {
  if (!chosen) return { discountStoreID: null, discountPercent: null };
  if (!chosen.captureVariablePercent) return { discountStoreID: chosen.discountStoreID, discountPercent: null };
  const valid = percent !== null && DISCOUNT_PERCENTS.includes(percent);
  return { discountStoreID: chosen.discountStoreID, discountPercent: valid ? percent : 0 };
}

// ---------- analysis fields ----------

export interface AnalysisItem {
  code: string;
  description?: string;
}

export interface AnalysisFieldDef {
  analysisFieldID: number;
  name: string;
  label?: string | null;
  inputType: 'text' | 'single' | 'multi';
  regex?: string | null;
  defaultValue?: string | null;
  required?: boolean;
  autoFillFrom?: 'rateCardLineBandName' | 'rateCardLineDescriptionContains' | null;
  analysisListItems?: AnalysisItem[];
  storeIDs?: number[];
}

/** The line a SKU comes from, as far as autofill reads it. */
export interface LineForAutoFill {
  bandName?: string | null;
  description?: string | null;
}

/**
 * The code an auto-filled single field gets from the line: the item whose code is the band
 * name, or the first item whose code appears in the description, ignoring case; '' when none.
 */
export function autoFillValue(field: AnalysisFieldDef, line: LineForAutoFill | null | undefined): string {
  if (field.inputType !== 'single' || !field.autoFillFrom || !line) return '';
  const items = field.analysisListItems ?? [];
  if (field.autoFillFrom === 'rateCardLineBandName') {
    const band = (line.bandName ?? '').trim().toLowerCase();
    if (!band) return '';
    return items.find((item) => item.code.toLowerCase() === band)?.code ?? '';
  }
  const description = (line.description ?? '').toLowerCase();
  if (!description) return '';
  return items.find((item) => item.code && description.includes(item.code.toLowerCase()))?.code ?? '';
}

export function isAutoFilled(field: AnalysisFieldDef): boolean {
  return field.inputType === 'single' && Boolean(field.autoFillFrom);
}

/** Fields asked at a store, in name order. */
export function fieldsOfStore(fields: AnalysisFieldDef[], storeID: number | null | undefined): AnalysisFieldDef[] {
  if (!storeID) return [];
  return fields.filter((field) => (field.storeIDs ?? []).includes(storeID));
}

/** A form value per field: text and single a string, multi a list of codes. */
export type AnalysisFormValue = string | string[];

/** A text (a default, a scan's answer) as a form value: multi takes a comma list of codes. */
export function analysisToForm(field: AnalysisFieldDef, stored: string | null | undefined): AnalysisFormValue {
  const text = stored ?? '';
  if (field.inputType === 'multi') {
    return text
      .split(',')
      .map((code) => code.trim())
      .filter(Boolean);
  }
  return text;
}

/**
 * The answers a sale sends for a field (docs/http-api.md: one `{ analysisFieldID, analysisValue }`
 * per value; a multi field one per code); an empty answer sends nothing.
 */
export function analysisToBody(field: AnalysisFieldDef, value: AnalysisFormValue | null | undefined): { analysisFieldID: number; analysisValue: string }[] {
  const values = Array.isArray(value) ? value : value ? [value] : [];
  return values.filter((v) => v.trim() !== '').map((analysisValue) => ({ analysisFieldID: field.analysisFieldID, analysisValue }));
}

/** A loaded sale's answers (one row per value) as form values by field id. */
export function analysisFromSale(fields: AnalysisFieldDef[], rows: { analysisFieldID: number; analysisValue: string }[]): Record<string, AnalysisFormValue> {
  const values: Record<string, AnalysisFormValue> = {};
  for (const row of rows) {
    const key = String(row.analysisFieldID);
    const field = fields.find((f) => f.analysisFieldID === Number(row.analysisFieldID));
    if (field?.inputType === 'multi') {
      const before = values[key];
      values[key] = [...(Array.isArray(before) ? before : []), ...(analysisToForm(field, row.analysisValue) as string[])];
    } else {
      values[key] = row.analysisValue ?? '';
    }
  }
  return values;
}

/** Defaults a new sale starts with: text fields their defaultValue. */
export function analysisDefaults(fields: AnalysisFieldDef[]): Record<string, AnalysisFormValue> {
  const values: Record<string, AnalysisFormValue> = {};
  for (const field of fields) {
    if (field.defaultValue) values[String(field.analysisFieldID)] = analysisToForm(field, field.defaultValue);
  }
  return values;
}

/** The fields' values with every auto-filled one set from the line. */
export function applyAutoFill(
  fields: AnalysisFieldDef[],
  values: Record<string, AnalysisFormValue>,
  line: LineForAutoFill | null | undefined,
): Record<string, AnalysisFormValue> {
  const next = { ...values };
  for (const field of fields) if (isAutoFilled(field)) next[String(field.analysisFieldID)] = autoFillValue(field, line);
  return next;
}

// ---------- actions ----------

export type PendingAction = { kind: 'cancel'; note: string } | { kind: 'refund'; note: string; orderRef: string } | { kind: 'creditFail' };

/** What an action adds to the save's body (docs/http-api.md, "Actions travel on the save"). */
export function actionBody(action: PendingAction | null): Record<string, unknown> {
  if (!action) return {};
  switch (action.kind) {
    case 'cancel':
      return { newStep: 'cancelled', newStepNote: action.note };
    case 'refund':
      return { isRefunded: true, isRefundedNote: action.note, isRefundedOrderRef: normaliseRefundOrderRef(action.orderRef) };
    case 'creditFail':
      // The server sets the fixed credit-check-failed reference; the body must still carry 20 digits.
      return { newStep: 'cancelled', notes: CREDIT_CHECK_FAIL_NOTE, orderRef: CREDIT_CHECK_FAIL_ORDER_REF };
  }
}

/** The step a sale is at: 'recording' while new. */
export type SaleStep = 'recording' | 'recorded' | 'modified' | 'reconciled' | 'cancelled';

export interface SaleState {
  isNew: boolean;
  step: SaleStep;
  isRefund: boolean;
  isRefunded: boolean;
}

/** Only recorded or modified sales that are not refunds and not refunded can be changed. */
export function isSaleEditable(sale: SaleState): boolean {
  if (sale.isNew) return true;
  return (sale.step === 'recorded' || sale.step === 'modified') && !sale.isRefund && !sale.isRefunded;
}

export function canCancel(sale: SaleState, formEditable: boolean): boolean {
  return !sale.isNew && !sale.isRefunded && formEditable && (sale.step === 'recorded' || sale.step === 'modified');
}

export function canRefund(sale: SaleState, hasRecordRefunds: boolean): boolean {
  return (
    hasRecordRefunds &&
    !sale.isNew &&
    (sale.step === 'recorded' || sale.step === 'modified' || sale.step === 'reconciled') &&
    !sale.isRefund &&
    !sale.isRefunded
  );
}

export function canRecordCreditFail(sale: SaleState, hasRecordCreditFails: boolean): boolean {
  return hasRecordCreditFails && sale.isNew && sale.step === 'recording' && !sale.isRefund;
}

export function canUnreconcile(sale: SaleState, hasRevenueReconciliation: boolean): boolean {
  return hasRevenueReconciliation && !sale.isNew && sale.step === 'reconciled';
}

// ---------- history steps ----------

export interface StepRow {
  name: string;
  displayName?: string;
  description?: string;
  applicable?: boolean;
  justification?: string;
}

export interface StepperItem {
  key: string;
  title: string;
  status: 'finish' | 'process' | 'wait' | 'error';
}

/**
 * The stepper's items: the applicable steps in order; those before the current one
 * completed; a current step missing from the list appended as '{step} (irregular)';
 * cancelled shown as an error step. A new sale shows the placeholder 'New sale'.
 */
export function stepperItems(steps: StepRow[] | null, current: SaleStep): StepperItem[] {
  if (current === 'recording' || !steps) {
    return [{ key: 'new', title: 'New sale', status: 'process' }];
  }
  const applicable = steps.filter((step) => step.applicable !== false);
  const items: StepperItem[] = applicable.map((step) => ({ key: step.name, title: step.displayName || step.name, status: 'wait' }));
  let index = applicable.findIndex((step) => step.name === current);
  if (index < 0) {
    const known = steps.find((step) => step.name === current);
    items.push({ key: current, title: `${known?.displayName || current} (irregular)`, status: 'wait' });
    index = items.length - 1;
  }
  return items.map((item, i) => ({
    ...item,
    status: i < index ? 'finish' : i === index ? (current === 'cancelled' ? 'error' : 'process') : 'wait',
  }));
}
