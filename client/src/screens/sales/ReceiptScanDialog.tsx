import { useState } from 'react';
import { Alert, Button, Modal, Radio, Spin, Upload } from 'antd';
import { InboxOutlined } from '@ant-design/icons';
import { deleteToken, getToken } from '../../api/token';
import type { Row } from '../../api/types';
import { formatDate, textOf } from '../../format/format';
import { dialogFit, useViewport } from '../../shell/useViewport';
import { SCAN_TRY_AGAIN } from './saleForm';

/** Spec 01 §5 and §9: one jpeg or png image of at most 50 MB. */
export const MAX_RECEIPT_BYTES = 50 * 1024 * 1024;
const RECEIPT_TYPES = ['image/jpeg', 'image/png'];

/** What the scan found, as docs/http-api.md `POST /api/file/saleOcr` answers it. */
export interface ScanResult {
  orderRefs: string[];
  saleDates: string[];
  rateCardLineStores: Row[];
  saleAnalysisValues: { analysisFieldID: number; analysisValue: string }[];
}

/** The values the user picked from the scan, for the sale form. */
export interface ScanPick {
  orderRef: string | null;
  saleDate: string | null;
  line: Row | null;
  saleAnalysisValues: { analysisFieldID: number; analysisValue: string }[];
}

interface Props {
  storeID: number | null;
  saleTypeID: number | null;
  rateCardID: number | null;
  onPick: (pick: ScanPick) => void;
  onClose: () => void;
}

type Outcome = { ok: true; data: ScanResult } | { ok: false; failSummary: string };

/** POST the receipt with the sale's context; a 403 drops the session as every call does. */
async function scanReceipt(file: File, storeID: number, saleTypeID: number, rateCardID: number): Promise<Outcome> {
  const form = new FormData();
  form.append('saleTypeID', String(saleTypeID));
  form.append('rateCardID', String(rateCardID));
  form.append('currentStoreID', String(storeID));
  form.append('file', file, file.name);
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = getToken();
  if (token) headers['x-access-token'] = token;
  let response: Response;
  try {
    response = await fetch('/api/file/saleOcr', { method: 'POST', headers, body: form });
  } catch {
    return { ok: false, failSummary: 'The receipt did not reach the server.' };
  }
  if (response.status === 403) {
    deleteToken();
    window.location.reload();
    return new Promise<never>(() => undefined);
  }
  let body: { data?: ScanResult; validationResult?: { failSummary?: string }; message?: string } = {};
  try {
    body = (await response.json()) as typeof body;
  } catch {
    // Not JSON: reported by status below.
  }
  if (response.ok && body.data) return { ok: true, data: body.data };
  return { ok: false, failSummary: body.validationResult?.failSummary || body.message || `The server answered ${response.status}` };
}

/**
 * Receipt scanning (spec 01 §2, §5, §8): one jpeg or png up to 50 MB is read on the server;
 * the order references, dates and SKUs it found are offered to pick from, and fill the form.
 */
export function ReceiptScanDialog({ storeID, saleTypeID, rateCardID, onPick, onClose }: Props) {
  const viewport = useViewport();
  const [busy, setBusy] = useState(false);
  const [refused, setRefused] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [result, setResult] = useState<ScanResult | null>(null);
  const [orderRef, setOrderRef] = useState<string | null>(null);
  const [saleDate, setSaleDate] = useState<string | null>(null);
  const [lineID, setLineID] = useState<number | null>(null);
  const ready = Boolean(storeID && saleTypeID && rateCardID);

  const scan = async (file: File) => {
    setRefused(null);
    if (!RECEIPT_TYPES.includes(file.type)) {
      setRefused('Choose a jpeg or png image of the receipt.');
      return;
    }
    if (file.size > MAX_RECEIPT_BYTES) {
      setRefused('The image is too large: at most 50 MB.');
      return;
    }
    if (!storeID || !saleTypeID || !rateCardID) return;
    setBusy(true);
    const outcome = await scanReceipt(file, storeID, saleTypeID, rateCardID);
    setBusy(false);
    if (!outcome.ok) {
      setFailed(outcome.failSummary);
      return;
    }
    setResult(outcome.data);
    setOrderRef(outcome.data.orderRefs[0] ?? null);
    setSaleDate(outcome.data.saleDates[0] ?? null);
    setLineID(outcome.data.rateCardLineStores.length ? Number(outcome.data.rateCardLineStores[0].rateCardLineStoreID) : null);
  };

  const use = () => {
    if (!result) return;
    onPick({
      orderRef,
      saleDate,
      line: result.rateCardLineStores.find((row) => Number(row.rateCardLineStoreID) === lineID) ?? null,
      saleAnalysisValues: result.saleAnalysisValues ?? [],
    });
  };

  const nothingFound = result && !result.orderRefs.length && !result.saleDates.length && !result.rateCardLineStores.length;

  return (
    <>
      <Modal
        open
        title="Scan receipt"
        onCancel={busy ? undefined : onClose}
        maskClosable={false}
        {...dialogFit(viewport, 640, 'receipt-scan-dialog')}
        footer={[
          <Button key="close" onClick={onClose} disabled={busy}>
            Cancel
          </Button>,
          ...(result && !nothingFound
            ? [
                <Button key="use" type="primary" onClick={use}>
                  Use these values
                </Button>,
              ]
            : []),
        ]}
      >
        {!ready && (
          <Alert className="dialog-note" type="warning" showIcon message="Choose the store and sale type first (and a sale date with a rate card in force)." />
        )}
        {refused && <Alert className="dialog-note" type="error" showIcon message={refused} />}
        {!result && (
          <Spin spinning={busy} tip="Reading the receipt...">
            <Upload.Dragger
              accept="image/jpeg,image/png"
              multiple={false}
              maxCount={1}
              showUploadList={false}
              disabled={!ready || busy}
              beforeUpload={(file) => {
                void scan(file);
                return false;
              }}
            >
              <p className="ant-upload-drag-icon">
                <InboxOutlined />
              </p>
              <p className="ant-upload-text">Click or drop a photo of the receipt here</p>
              <p className="ant-upload-hint">One jpeg or png image, at most 50 MB</p>
            </Upload.Dragger>
          </Spin>
        )}
        {result && nothingFound && <Alert type="warning" showIcon message="Nothing could be read from this receipt. Enter the sale by hand." />}
        {result && !nothingFound && (
          <div className="receipt-scan-results">
            <ScanChoice title="Order reference" options={result.orderRefs.map((ref) => ({ value: ref, label: ref }))} value={orderRef} onChange={setOrderRef} />
            <ScanChoice
              title="Sale date"
              options={result.saleDates.map((day) => ({ value: day, label: formatDate(`${day}T00:00:00.000Z`) }))}
              value={saleDate}
              onChange={setSaleDate}
            />
            <ScanChoice
              title="SKU"
              options={result.rateCardLineStores.map((row) => ({
                value: Number(row.rateCardLineStoreID),
                label: row.description ? `${String(row.sku)} - ${textOf(row.description)}` : String(row.sku),
              }))}
              value={lineID}
              onChange={setLineID}
            />
          </div>
        )}
      </Modal>
      <Modal
        open={failed !== null}
        title="Scanning failed"
        onOk={() => setFailed(null)}
        onCancel={() => setFailed(null)}
        cancelButtonProps={{ style: { display: 'none' } }}
        className="scan-failed-dialog"
      >
        <p>{failed}</p>
        <p>{SCAN_TRY_AGAIN}</p>
      </Modal>
    </>
  );
}

function ScanChoice<T extends string | number>({
  title,
  options,
  value,
  onChange,
}: {
  title: string;
  options: { value: T; label: string }[];
  value: T | null;
  onChange: (value: T | null) => void;
}) {
  return (
    <fieldset className="scan-choice">
      <legend>{title}</legend>
      {options.length === 0 ? (
        <span className="scan-none">None found</span>
      ) : (
        <Radio.Group value={value} onChange={(e) => onChange(e.target.value as T)}>
          {options.map((option) => (
            <Radio key={String(option.value)} value={option.value}>
              {option.label}
            </Radio>
          ))}
          <Radio value={null}>Do not use</Radio>
        </Radio.Group>
      )}
    </fieldset>
  );
}
