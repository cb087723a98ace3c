import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Button, Dropdown, Modal, Spin } from 'antd';
import { DownOutlined, ScanOutlined } from '@ant-design/icons';
import useSWR from 'swr';
import { useRecord, useRefreshResource } from '../../api/hooks';
import { ApiError, apiGet, apiRequest, apiUrl } from '../../api/http';
import type { ListResponse, Row, SaveResponse, ValidationResult } from '../../api/types';
import { isConflict, withVersion } from '../../api/version';
import { can, canAny } from '../../auth/permissions';
import { useCurrentUser } from '../../shell/CurrentUser';
import { dialogFit, useViewport } from '../../shell/useViewport';
import { AuditBlock, FailureAlert, type Failure } from '../../record/DialogParts';
import { failureFromResult, withoutCorrected } from '../../record/failurePairs';
import { firstEmpty, useInitialFocus } from '../../record/initialFocus';
import { saleSavedText, type SaleChange } from '../../feedback/savedText';
import { useSaveFeedback } from '../../feedback/useSaveFeedback';
import { changedSaleFields, SALE_FOCUS_ORDER, saleFocusValues } from './saleCorrections';
import { HistoryStepper } from './HistoryStepper';
import { ReceiptScanDialog, type ScanPick } from './ReceiptScanDialog';
import { CancelSaleDialog, CreditCheckFailedDialog, pendingActionText, RefundSaleDialog } from './SaleActions';
import { newSaleValues, SaleForm, valuesOfSale, type SaleValues } from './SaleForm';
import {
  actionBody,
  analysisFromSale,
  analysisToBody,
  canCancel,
  canRecordCreditFail,
  canRefund,
  canUnreconcile,
  fieldsOfStore,
  isSaleEditable,
  todayDay,
  type AnalysisFieldDef,
  type PendingAction,
  type SaleState,
  type SaleStep,
} from './saleForm';
import { textOf } from '../../format/format';

export interface SaleDialogProps {
  mode: 'create' | 'copy' | 'update' | 'delete' | 'read';
  /** update/delete/read/copy: the sale to load (GET /api/sales?saleID=). */
  saleID?: number;
  /** create: defaults (e.g. decoded /sales/newSale/{base64}). */
  initialValues?: Record<string, unknown>;
  /** The current tab's store, when one is chosen. */
  storeID?: number;
  open: boolean;
  onClose: () => void;
  onSaved: () => void;
}

const NO_FIELDS: AnalysisFieldDef[] = [];

const TITLES: Record<SaleDialogProps['mode'], string> = {
  create: 'New sale',
  copy: 'Copy sale',
  update: 'Edit sale',
  delete: 'Delete sale',
  read: 'View sale',
};

/**
 * The sale transaction form in its dialog (spec 01 §4): create, copy, update, delete and
 * read; the history stepper on top; the actions (cancel, refund, credit check fail) applied
 * on save and undoable before it; unreconcile after confirmation; the receipt scan on a new
 * sale. Full screen below 1000 px.
 */
export function SaleDialog(props: SaleDialogProps): JSX.Element {
  const { mode, saleID, open, onClose } = props;
  const viewport = useViewport();
  const needsRecord = mode !== 'create';
  const { data, isLoading, error, mutate: refetchSale } = useRecord('sales', 'saleID', open && needsRecord ? (saleID ?? null) : null);
  const record = needsRecord ? data?.data : undefined;
  const { data: fieldRows, error: fieldsError } = useSWR<ListResponse<AnalysisFieldDef>, Error>(
    open ? apiUrl('analysisFields', { pageLength: 500, sort: 'name' }) : null,
    (url: string) => apiGet<ListResponse<AnalysisFieldDef>>(url),
    { revalidateOnFocus: false },
  );
  // Without the analysis fields (a failed call, only logged) the form still opens, without them.
  const fields = fieldRows?.listData ?? (fieldsError ? NO_FIELDS : undefined);
  if (fieldsError) console.error('Could not load the analysis fields', fieldsError);

  // Closing waits for a save that is running.
  const [busy, setBusy] = useState(false);

  return (
    <Modal
      open={open}
      title={TITLES[mode]}
      onCancel={busy ? undefined : onClose}
      closable={!busy}
      maskClosable={false}
      footer={null}
      {...dialogFit(viewport, viewport.isWide ? 860 : 780, 'record-dialog', 'sale-dialog')}
      destroyOnHidden
    >
      {open &&
        (needsRecord && (!record || !fields) ? (
          <div className="dialog-loading">{isLoading || !fields ? <Spin /> : error ? <Alert type="error" showIcon message="Error loading data" /> : null}</div>
        ) : !fields ? (
          <div className="dialog-loading">
            <Spin />
          </div>
        ) : (
          // A sale loaded again (Reload after a conflict) starts the form afresh from it.
          <SaleDialogBody
            key={textOf(record?.updatedDate ?? 'new')}
            {...props}
            record={record}
            fields={fields}
            onBusyChange={setBusy}
            onReload={() => refetchSale()}
          />
        ))}
    </Modal>
  );
}

interface BodyProps extends SaleDialogProps {
  record: Row | undefined;
  fields: AnalysisFieldDef[];
  onBusyChange: (busy: boolean) => void;
  /** Loads the sale again (a conflict's Reload). */
  onReload: () => Promise<unknown>;
}

function SaleDialogBody({ mode, saleID, initialValues, storeID, record, fields, onClose, onSaved, onBusyChange, onReload }: BodyProps) {
  const me = useCurrentUser();
  const refreshResource = useRefreshResource();
  const isNew = mode === 'create' || mode === 'copy';
  const [values, setValues] = useState<SaleValues>(() => startingValues(mode, record, fields, initialValues, storeID, me));
  const [action, setAction] = useState<PendingAction | null>(null);
  const [openAction, setOpenAction] = useState<PendingAction['kind'] | 'unreconcile' | null>(null);
  const [scanning, setScanning] = useState(false);
  const [busy, setBusyHere] = useState(false);
  const setBusy = (next: boolean) => {
    setBusyHere(next);
    onBusyChange(next);
  };
  // The dialog closes once the body is gone (saved, or closed).
  // eslint-disable-next-line react-hooks/exhaustive-deps -- on unmount only: the dialog's busy state ends with its body
  useEffect(() => () => onBusyChange(false), []);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  /** The refused save's messages, kept so each goes once the user changes its field. */
  const [refusal, setRefusal] = useState<{ result: ValidationResult; fallback: string } | null>(null);
  const submitting = useRef(false);
  const saved = useSaveFeedback();

  const step: SaleStep = isNew ? 'recording' : ((record?.currentHistoryStep as SaleStep | undefined) ?? 'recorded');
  const sale: SaleState = {
    isNew,
    step,
    isRefund: !isNew && Boolean(record?.isRefund),
    isRefunded: !isNew && Boolean(record?.isRefunded),
  };
  const formEditable = (mode === 'create' || mode === 'copy' || mode === 'update') && isSaleEditable(sale) && action?.kind !== 'refund';
  const actionsAllowed = mode === 'create' || mode === 'copy' || mode === 'update' || mode === 'read';
  const offered = {
    cancel: actionsAllowed && canCancel(sale, mode === 'update' && isSaleEditable(sale)),
    refund: actionsAllowed && canRefund(sale, can(me, 'RecordRefunds')),
    creditFail: actionsAllowed && canRecordCreditFail(sale, can(me, 'RecordCreditFails')),
    unreconcile: actionsAllowed && canUnreconcile(sale, can(me, 'RevenueReconciliation')),
  };
  const isCancelled = step === 'cancelled' || action?.kind === 'cancel' || action?.kind === 'creditFail';
  const savedAmounts = useMemo(
    () => (record && !isNew ? { revenue: record.revenue as number | undefined, commission: record.commission as number | undefined } : undefined),
    [record, isNew],
  );
  // Read shows the sale, and so does Edit of a sale that can no longer change; a pending
  // action (a refund of a reconciled sale) turns them into a save.
  const saving = mode === 'delete' || isNew || (mode === 'update' && isSaleEditable(sale)) || action !== null;

  const submit = async () => {
    if (submitting.current || !saving) return;
    submitting.current = true;
    setBusy(true);
    setFailure(null);
    setFieldErrors({});
    setRefusal(null);
    const storeFields = fieldsOfStore(fields, values.storeID);
    try {
      // The version the edit was made from (the sale as loaded): 409 if someone saved since.
      const version = record?.updatedDate;
      let answer: { body: SaveResponse | undefined } | undefined;
      if (mode === 'delete') {
        await apiRequest(withVersion(`/api/sale/${saleID}`, version), { method: 'DELETE' });
      } else {
        const body = {
          storeID: values.storeID,
          saleTypeID: values.saleTypeID,
          attributableToUserID: values.attributableToUserID,
          rateCardLineStoreID: values.line?.rateCardLineStoreID ?? null,
          saleDate: values.saleDate,
          orderRef: values.orderRef,
          notes: values.notes,
          discountStoreID: values.discountStoreID,
          discountPercent: values.discountStoreID === null ? null : values.discountPercent,
          saleAnalysisValues: storeFields.flatMap((field) => analysisToBody(field, values.analysis[String(field.analysisFieldID)])),
          ...actionBody(action),
          ...(!isNew && typeof version === 'string' ? { updatedDate: version } : undefined),
        };
        if (isNew) answer = await apiRequest<SaveResponse>('/api/sale', { method: 'POST', body });
        else answer = await apiRequest<SaveResponse>(`/api/sale/${saleID}`, { method: 'PUT', body });
      }
      await refreshResource('sales').catch((refreshError) => console.error('Refresh failed', refreshError));
      const savedID = Number(answer?.body?.data?.saleID ?? saleID) || undefined;
      const change: SaleChange = mode === 'delete' ? 'delete' : action ? action.kind : isNew ? 'create' : 'update';
      saved(saleSavedText(change, savedID), mode === 'delete' || !savedID ? undefined : { listPath: 'sales', ids: [savedID] });
      onSaved();
      onClose();
    } catch (caught) {
      const { summary, details, underFields } = describeFailure(caught, storeFields);
      setFieldErrors(underFields);
      if (!isConflict(caught) && caught instanceof ApiError && caught.validationResult)
        setRefusal({ result: caught.validationResult, fallback: caught.message });
      setFailure({ summary, details, conflict: isConflict(caught) });
      setBusy(false);
      submitting.current = false;
    }
  };

  /** A conflict's Reload: the sale as saved now; the body starts afresh from it (its key). */
  const [reloading, setReloading] = useState(false);
  const reload = async () => {
    setReloading(true);
    try {
      await onReload();
    } finally {
      setReloading(false);
    }
  };

  const unreconcile = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await apiRequest(`/api/sale/${saleID}/unreconcile`, { method: 'PUT' });
      await refreshResource('sales').catch((refreshError) => console.error('Refresh failed', refreshError));
      saved(saleSavedText('unreconcile', saleID), saleID ? { listPath: 'sales', ids: [saleID] } : undefined);
      onSaved();
      onClose();
    } catch (caught) {
      const { summary, details } = describeFailure(caught, []);
      setFailure({ summary, details });
      setBusy(false);
    }
  };

  /**
   * The form changed: the messages of the fields that changed go, and the summary once none is
   * left (issue 26: they stayed until the next save, after the user had corrected the fields).
   */
  const previousValues = useRef(values);
  useEffect(() => {
    const changed = changedSaleFields(previousValues.current, values);
    previousValues.current = values;
    if (refusal && changed.size) dropCorrected(changed);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs when the values change; the refusal it trims is read as it is then
  }, [values]);
  const dropCorrected = (changed: Set<string>) => {
    if (!refusal) return;
    const left = withoutCorrected(refusal.result, (name) => changed.has(name));
    if (left === refusal.result) return;
    if (!left) {
      setRefusal(null);
      setFailure(null);
      setFieldErrors({});
      return;
    }
    setRefusal({ ...refusal, result: left });
    const { summary, details, underFields } = describeResult(left, refusal.fallback, fieldsOfStore(fields, values.storeID));
    setFieldErrors(underFields);
    setFailure({ summary, details });
  };

  // Focus on the first empty field of a form the user fills in (not a sale only viewed).
  const bodyRef = useRef<HTMLDivElement>(null);
  useInitialFocus(formEditable, () => {
    const name = firstEmpty(SALE_FOCUS_ORDER, saleFocusValues(values));
    const input = name ? bodyRef.current?.querySelector<HTMLElement>(`#sale-${name}`) : null;
    return input && !input.hasAttribute('disabled') ? input : undefined;
  });

  const applyScan = (pick: ScanPick) => {
    setValues((v) => {
      let next = { ...v };
      if (pick.orderRef) next.orderRef = pick.orderRef;
      if (pick.saleDate) next.saleDate = pick.saleDate;
      // The form loads the line with its band, and fills what follows from it.
      if (pick.line) next = { ...next, line: null, pendingLineStoreID: Number(pick.line.rateCardLineStoreID) };
      // What the receipt answered replaces those fields' answers (the form refills auto-filled ones).
      if (pick.saleAnalysisValues.length) next.analysis = { ...next.analysis, ...analysisFromSale(fields, pick.saleAnalysisValues) };
      return next;
    });
    setScanning(false);
  };

  const menuItems = [
    offered.cancel && { key: 'cancel', label: 'Cancel sale...' },
    offered.refund && { key: 'refund', label: 'Refund sale...' },
    offered.creditFail && { key: 'creditFail', label: 'Record credit check fail...' },
    offered.unreconcile && { key: 'unreconcile', label: 'Unreconcile...' },
  ].filter((item): item is { key: string; label: string } => Boolean(item));

  const buttonText = mode === 'delete' ? (busy ? 'Deleting...' : 'Delete') : isNew ? (busy ? 'Creating...' : 'Create') : busy ? 'Saving...' : 'Save';

  return (
    <div className="sale-dialog-body" ref={bodyRef}>
      <HistoryStepper saleID={isNew ? undefined : saleID} step={step} />
      {sale.isRefund && <Alert className="dialog-note" type="error" showIcon message="This is a refund: its amounts are negated and it cannot be changed." />}
      {sale.isRefunded && (
        <Alert
          className="dialog-note"
          type="warning"
          showIcon
          message={`This sale has been refunded${record?.isRefundedOrderRef ? ` (refund order reference ${textOf(record.isRefundedOrderRef)})` : ''}.`}
          description={record?.isRefundedNote ? textOf(record.isRefundedNote) : undefined}
        />
      )}
      {mode === 'delete' && <Alert className="dialog-note" type="warning" showIcon message="Delete this sale? This cannot be undone." />}
      {action && (
        <Alert
          className="dialog-note pending-action"
          type="info"
          showIcon
          message={pendingActionText(action)}
          action={
            <Button size="small" onClick={() => setAction(null)} disabled={busy}>
              Undo
            </Button>
          }
        />
      )}
      <FailureAlert failure={failure} onReload={() => void reload()} reloading={reloading} />
      <SaleForm
        values={values}
        onChange={setValues}
        errors={fieldErrors}
        editable={formEditable && !busy}
        isNew={isNew}
        isCancelled={isCancelled}
        isRefund={sale.isRefund}
        savedAmounts={savedAmounts}
      />
      {record && !isNew && <AuditBlock record={record} />}
      <div className="sale-dialog-footer">
        <div className="sale-dialog-footer-start">
          {menuItems.length > 0 && (
            <Dropdown
              disabled={busy || action !== null}
              menu={{ items: menuItems, onClick: ({ key }) => setOpenAction(key as PendingAction['kind'] | 'unreconcile') }}
              trigger={['click']}
            >
              <Button>
                Actions <DownOutlined />
              </Button>
            </Dropdown>
          )}
          {isNew && formEditable && canAny(me, ['RecordSales', 'UpdateSales']) && (
            <Button icon={<ScanOutlined />} onClick={() => setScanning(true)} disabled={busy}>
              Scan receipt...
            </Button>
          )}
        </div>
        <div className="sale-dialog-footer-end">
          {saving ? (
            <>
              <Button onClick={onClose} disabled={busy}>
                Cancel
              </Button>
              <Button type="primary" danger={mode === 'delete'} loading={busy} disabled={busy} onClick={() => void submit()}>
                {buttonText}
              </Button>
            </>
          ) : (
            <Button type="primary" onClick={onClose}>
              Close
            </Button>
          )}
        </div>
      </div>
      {openAction === 'cancel' && <CancelSaleDialog onClose={() => setOpenAction(null)} onApply={(a) => (setAction(a), setOpenAction(null))} />}
      {openAction === 'refund' && <RefundSaleDialog onClose={() => setOpenAction(null)} onApply={(a) => (setAction(a), setOpenAction(null))} />}
      {openAction === 'creditFail' && <CreditCheckFailedDialog onClose={() => setOpenAction(null)} onApply={(a) => (setAction(a), setOpenAction(null))} />}
      {openAction === 'unreconcile' && (
        <Modal
          open
          title="Unreconcile sale"
          okText="Unreconcile"
          onOk={() => {
            setOpenAction(null);
            void unreconcile();
          }}
          onCancel={() => setOpenAction(null)}
        >
          <p>The sale goes back to the step it had before it was reconciled. Unreconcile it?</p>
        </Modal>
      )}
      {scanning && (
        <ReceiptScanDialog
          storeID={values.storeID}
          saleTypeID={values.saleTypeID}
          rateCardID={values.rateCardID}
          onPick={applyScan}
          onClose={() => setScanning(false)}
        />
      )}
    </div>
  );
}

/** The form's first values: a loaded sale (a copy without its history), or a new sale's defaults. */
function startingValues(
  mode: SaleDialogProps['mode'],
  record: Row | undefined,
  fields: AnalysisFieldDef[],
  initialValues: Record<string, unknown> | undefined,
  tabStoreID: number | undefined,
  me: ReturnType<typeof useCurrentUser>,
): SaleValues {
  if (record) {
    const values = valuesOfSale(record, fields);
    // A copy is a new sale: no id, no history, its own order reference and today's date.
    return mode === 'copy' ? { ...values, orderRef: '', saleDate: todayDay() } : values;
  }
  return newSaleValues(me, initialValues ?? {}, tabStoreID);
}

/** The server's messages: under their fields when the form shows them, else listed. */
function describeFailure(caught: unknown, storeFields: AnalysisFieldDef[]): { summary: string; details: string[]; underFields: Record<string, string> } {
  // Someone saved the sale since it was loaded: their name and time (Reload offers their version).
  if (isConflict(caught)) return { summary: caught.message, details: [], underFields: {} };
  if (!(caught instanceof ApiError)) {
    console.error('Save failed', caught);
    return { summary: 'The server could not be reached. Please try again.', details: [], underFields: {} };
  }
  return describeResult(caught.validationResult, caught.message, storeFields);
}

/** A refusal's messages: under their fields when the form shows them, else listed under the summary. */
function describeResult(
  result: ValidationResult | undefined,
  fallback: string,
  storeFields: AnalysisFieldDef[],
): { summary: string; details: string[]; underFields: Record<string, string> } {
  // 'saleAnalysisValues.{analysisFieldID}': under that field when the store asks it.
  const analysisFieldOf = (name: string) => {
    const analysis = /^saleAnalysisValues\.(\d+)$/.exec(name);
    return analysis ? storeFields.find((field) => field.analysisFieldID === Number(analysis[1])) : undefined;
  };
  const underFields: Record<string, string> = {};
  const details: string[] = [];
  for (const [name, message] of Object.entries(result?.failMessages ?? {})) {
    if (analysisFieldOf(name) || FORM_FIELDS.has(name)) underFields[name] = message;
    else details.push(`${ACTION_FIELD_TITLES[name] ?? name}: ${message}`);
  }
  const titleOf = (name: string) => {
    const analysisField = analysisFieldOf(name);
    return analysisField ? analysisField.label || analysisField.name : (FORM_FIELDS.get(name) ?? ACTION_FIELD_TITLES[name]);
  };
  // The form's order: its own fields, then the analysis fields, then the rest.
  const formOrder = [...FORM_FIELDS.keys()];
  const positionOf = (name: string) => (FORM_FIELDS.has(name) ? formOrder.indexOf(name) : analysisFieldOf(name) ? formOrder.length : -1);
  return { ...failureFromResult(result, fallback, titleOf, details, positionOf), underFields };
}

/** The form's fields, by body name, with their labels. */
const FORM_FIELDS = new Map([
  ['storeID', 'Store'],
  ['saleTypeID', 'Sale type'],
  ['attributableToUserID', 'Sale made by'],
  ['rateCardLineStoreID', 'SKU'],
  ['saleDate', 'Sale date'],
  ['orderRef', 'Order reference'],
  ['notes', 'Notes'],
  ['discountStoreID', 'Discount'],
  ['discountPercent', 'Discount percent'],
]);

const ACTION_FIELD_TITLES: Record<string, string> = {
  newStep: 'Status',
  newStepNote: 'Reason for cancelling',
  isRefunded: 'Refund',
  isRefundedNote: 'Refund reason',
  isRefundedOrderRef: 'Refund order reference',
  refundReasonID: 'Refund reason',
  saleAnalysisValues: 'Analysis fields',
};
