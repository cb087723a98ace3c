import { useEffect, useMemo, useState } from 'react';
import { Alert, App, Button, Card, Modal, Progress, Result, Select, Spin, Steps, Table, Tag, Typography, Upload } from 'antd';
import { InboxOutlined } from '@ant-design/icons';
import { usePreference, useRefreshResource } from '../../api/hooks';
import { ApiError, apiGet, apiRequest } from '../../api/http';
import { useViewport } from '../../shell/useViewport';
import { MAX_UPLOAD_BYTES, TOO_LARGE, uploadFile } from '../customisation/uploadFile';
import {
  type SheetHeaders,
  type SheetMapping,
  type UploadField,
  parsePreference,
  prefillSheet,
  sheetStatus,
  toMappings,
  updatePreference,
} from './uploadMapping';

interface Props {
  rateCardID: number;
  saleTypeID: number;
  saleTypeName: string;
  onClose: () => void;
}

interface ImportSummary {
  worksheets: number;
  rows: number;
  lines: number;
  added: number;
  updated: number;
}

interface ImportError {
  worksheet: string;
  row: number;
  col: number;
  value: unknown;
  error: string;
  message: string;
}

type Check =
  | { state: 'running' }
  | { state: 'ok'; summary: ImportSummary }
  | { state: 'errors'; summary: string; errors: ImportError[] }
  | { state: 'failed'; summary: string };

/** 1 -> 'A', 27 -> 'AA'. */
export function columnLetter(col: number): string {
  let n = col;
  let letters = '';
  while (n > 0) {
    const rest = (n - 1) % 26;
    letters = String.fromCharCode(65 + rest) + letters;
    n = Math.floor((n - 1) / 26);
  }
  return letters;
}

const PREFERENCE = ['defaults', 'rateCardMap'] as const;

/**
 * Upload of rate card lines from Excel (spec 02 §2.3 and §4): choose an xlsx,
 * map the columns of every worksheet to the upload fields (prefilled from the
 * saved mapping and from the header names), check (commit false: the
 * validation report), then import (commit true). The mapping is saved as the
 * user's preference when importing.
 */
export function UploadWizard({ rateCardID, saleTypeID, saleTypeName, onClose }: Props) {
  const viewport = useViewport();
  const { modal } = App.useApp();
  const refresh = useRefreshResource();
  const preference = usePreference(...PREFERENCE);
  const [step, setStep] = useState(0);
  const [done, setDone] = useState<ImportSummary | null>(null);

  // ---- step 1: the file ----
  const [file, setFile] = useState<{ fileID: number; name: string } | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);

  const choose = async (chosen: File) => {
    setUploadError(null);
    if (chosen.size > MAX_UPLOAD_BYTES) {
      setUploadError(TOO_LARGE);
      return;
    }
    if (!/\.xlsx$/i.test(chosen.name)) {
      setUploadError('Choose an Excel workbook (.xlsx).');
      return;
    }
    setProgress(0);
    const outcome = await uploadFile('/api/file/rateCards/xlsx', chosen, setProgress);
    setProgress(null);
    if (!outcome.ok || !outcome.data) {
      setUploadError(outcome.failSummary ?? 'The upload failed.');
      return;
    }
    setFile({ fileID: Number(outcome.data.fileID), name: String(outcome.data.originalName ?? chosen.name) });
    setSheets(null);
    setMappingBySheet(null);
    setStep(1);
  };

  // ---- step 2: the mapping ----
  const [sheets, setSheets] = useState<SheetHeaders[] | null>(null);
  const [fields, setFields] = useState<UploadField[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [mappingBySheet, setMappingBySheet] = useState<Record<string, SheetMapping> | null>(null);

  useEffect(() => {
    if (!file) return;
    let cancelled = false;
    setLoadError(null);
    Promise.all([
      apiGet<{ listData: SheetHeaders[] }>(`/api/file/${file.fileID}/excelHeaders/allSheets`),
      apiGet<{ listData: UploadField[] }>(`/api/rateCardLine/uploadFields?saleTypeID=${saleTypeID}`),
    ])
      .then(([headers, uploadFields]) => {
        if (cancelled) return;
        setSheets(headers.listData ?? []);
        setFields(uploadFields.listData ?? []);
      })
      .catch((error: unknown) => {
        if (!cancelled) setLoadError(error instanceof Error ? error.message : 'The workbook could not be read.');
      });
    return () => {
      cancelled = true;
    };
  }, [file, saleTypeID]);

  // Prefilled once everything (the saved mapping too) has arrived.
  useEffect(() => {
    if (!sheets || !fields || preference.isLoading || mappingBySheet) return;
    const saved = parsePreference(preference.value);
    setMappingBySheet(Object.fromEntries(sheets.map((sheet) => [sheet.worksheet, prefillSheet(sheet, fields, saved)])));
  }, [sheets, fields, preference.isLoading, preference.value, mappingBySheet]);

  const statuses = useMemo(
    () =>
      sheets && fields && mappingBySheet
        ? Object.fromEntries(sheets.map((sheet) => [sheet.worksheet, sheetStatus(mappingBySheet[sheet.worksheet], fields)]))
        : {},
    [sheets, fields, mappingBySheet],
  );
  const completeCount = Object.values(statuses).filter((s) => s === 'complete').length;

  const setColumn = (worksheet: string, field: string, col: number | null) =>
    setMappingBySheet((all) => ({ ...all, [worksheet]: { ...all?.[worksheet], [field]: col } }));

  // Store fields are named '<field>.<storeID>' (e.g. 'revenue.6'): grouped per store, so each store reads as one row.
  const lineFields = (fields ?? []).filter((field) => !field.field.includes('.'));
  const storeFieldGroups: { key: string; fields: UploadField[] }[] = [];
  for (const field of fields ?? []) {
    if (!field.field.includes('.')) continue;
    const key = field.field.slice(field.field.indexOf('.') + 1);
    const group = storeFieldGroups.find((g) => g.key === key);
    if (group) group.fields.push(field);
    else storeFieldGroups.push({ key, fields: [field] });
  }

  const renderField = (worksheet: string, field: UploadField, options: { value: number; label: string }[]) => (
    <label key={field.field} className="upload-field">
      <span className="upload-field-label">
        {field.label}
        {field.required && <span className="upload-required"> *</span>}
      </span>
      <Select
        className="upload-field-select"
        aria-label={field.label}
        allowClear
        showSearch
        optionFilterProp="label"
        placeholder="Not mapped"
        value={mappingBySheet?.[worksheet]?.[field.field] ?? undefined}
        onChange={(col) => setColumn(worksheet, field.field, (col as number | undefined) ?? null)}
        options={options}
      />
    </label>
  );

  // ---- step 3: check, then import ----
  const [check, setCheck] = useState<Check | null>(null);
  const [importing, setImporting] = useState(false);

  const send = (commit: boolean) =>
    apiRequest<{ data: ImportSummary }>('/api/rateCardLines/excel', {
      method: 'POST',
      body: { fileID: file!.fileID, rateCardID, saleTypeID, mappings: toMappings(sheets!, mappingBySheet!, fields!), commit },
    });

  const outcomeOf = (caught: unknown): Check => {
    if (caught instanceof ApiError) {
      const errors = (caught.body as { listData?: ImportError[] } | null)?.listData ?? [];
      return errors.length
        ? { state: 'errors', summary: caught.message, errors }
        : { state: 'failed', summary: caught.message };
    }
    return { state: 'failed', summary: 'The server could not be reached. Please try again.' };
  };

  const runCheck = async () => {
    setStep(2);
    setCheck({ state: 'running' });
    try {
      const answer = await send(false);
      setCheck({ state: 'ok', summary: answer.body.data });
    } catch (caught) {
      setCheck(outcomeOf(caught));
    }
  };

  const toConfirm = () => {
    if (completeCount < Object.keys(statuses).length) {
      modal.confirm({
        title: 'Not all worksheets are mapped',
        content: 'Worksheets without a column for every required field are skipped. Continue with the mapped worksheets?',
        okText: 'Continue',
        onOk: () => void runCheck(),
      });
    } else {
      void runCheck();
    }
  };

  const runImport = async () => {
    setImporting(true);
    try {
      const answer = await send(true);
      // The mapping is remembered by header names for the next file.
      void preference.save(JSON.stringify(updatePreference(parsePreference(preference.value), sheets!, mappingBySheet!, fields!)));
      setDone(answer.body.data);
      setStep(3);
      await Promise.all([refresh('rateCardLines'), refresh('rateCards'), refresh('rateCard/current')]);
    } catch (caught) {
      setCheck(outcomeOf(caught));
    } finally {
      setImporting(false);
    }
  };

  // ---- layout ----
  const footer = () => {
    if (step === 3) {
      return [
        <Button key="close" type="primary" onClick={onClose}>
          Close
        </Button>,
      ];
    }
    const cancel = (
      <Button key="cancel" onClick={onClose} disabled={importing}>
        Cancel
      </Button>
    );
    if (step === 0) return [cancel];
    if (step === 1) {
      return [
        cancel,
        <Button key="back" onClick={() => setStep(0)}>
          Back
        </Button>,
        <Button key="next" type="primary" disabled={!mappingBySheet || completeCount === 0} onClick={toConfirm}>
          Next
        </Button>,
      ];
    }
    return [
      cancel,
      <Button key="back" onClick={() => setStep(1)} disabled={importing}>
        Back to mapping
      </Button>,
      <Button key="import" type="primary" disabled={check?.state !== 'ok'} loading={importing} onClick={() => void runImport()}>
        {importing ? 'Importing...' : 'Import'}
      </Button>,
    ];
  };

  const errorsBySheet = check?.state === 'errors' ? countBy(check.errors.map((e) => e.worksheet)) : {};

  return (
    <Modal
      open
      title={`Upload ${saleTypeName} Lines`}
      onCancel={importing ? undefined : onClose}
      maskClosable={false}
      footer={footer()}
      width={viewport.isDesktop ? 1000 : '100%'}
      className={viewport.isDesktop ? 'record-dialog upload-wizard' : 'record-dialog record-dialog-fullscreen upload-wizard'}
      destroyOnHidden
    >
      <Steps
        className="upload-steps"
        size="small"
        current={Math.min(step, 2)}
        status={step === 3 ? 'finish' : undefined}
        items={[{ title: 'Choose file' }, { title: 'Map fields' }, { title: 'Confirm import' }]}
      />

      {step === 0 && (
        <div className="upload-choose">
          <Upload.Dragger
            accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            multiple={false}
            maxCount={1}
            showUploadList={false}
            disabled={progress !== null}
            beforeUpload={(chosen) => {
              void choose(chosen);
              return false;
            }}
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">Click or drag an Excel workbook (.xlsx) here</p>
            <p className="ant-upload-hint">One file, up to 50 MB. Every worksheet is read; its first row with anything in it holds the headers.</p>
          </Upload.Dragger>
          {progress !== null && <Progress percent={progress} size="small" />}
          {uploadError && <Alert className="dialog-note" type="error" showIcon role="alert" message={uploadError} />}
          {file && !uploadError && (
            <Typography.Paragraph className="upload-chosen">
              Uploaded: {file.name}.{' '}
              <Button type="link" size="small" onClick={() => setStep(1)}>
                Map its fields
              </Button>
            </Typography.Paragraph>
          )}
        </div>
      )}

      {step === 1 && (
        <div className="upload-map">
          {loadError && <Alert type="error" showIcon role="alert" message={loadError} />}
          {!loadError && !mappingBySheet && (
            <div className="dialog-loading">
              <Spin />
            </div>
          )}
          {sheets && fields && mappingBySheet && (
            <>
              <Typography.Paragraph type="secondary">
                {file?.name}: choose the column that holds each field. Required fields are marked *; a worksheet missing
                one is skipped. Revenue and commission set every store at once; the store columns set one store.
              </Typography.Paragraph>
              {sheets.length === 0 && <Alert type="warning" showIcon message="The workbook has no worksheets with headers." />}
              {sheets.map((sheet) => {
                const status = statuses[sheet.worksheet];
                const options = sheet.headers.map((h) => ({ value: h.col, label: `${columnLetter(h.col)}: ${h.header}` }));
                return (
                  <Card
                    key={sheet.worksheet}
                    size="small"
                    className="upload-sheet"
                    data-worksheet={sheet.worksheet}
                    title={`Worksheet: ${sheet.worksheet}`}
                    extra={status === 'complete' ? <Tag color="green">Mapped</Tag> : <Tag color="orange">Skipped</Tag>}
                  >
                    {status !== 'complete' && (
                      <Alert className="upload-sheet-warning" type="warning" showIcon message="Sheet skipped due to incomplete mapping" />
                    )}
                    {/* The line's own fields, then one row per store (revenue, commission, active side by side). */}
                    <div className="upload-fields">
                      {lineFields.map((field) => renderField(sheet.worksheet, field, options))}
                    </div>
                    {storeFieldGroups.map((group) => (
                      <div key={group.key} className="upload-store-fields">
                        {group.fields.map((field) => renderField(sheet.worksheet, field, options))}
                      </div>
                    ))}
                  </Card>
                );
              })}
            </>
          )}
        </div>
      )}

      {step === 2 && (
        <div className="upload-confirm">
          {check?.state === 'running' && (
            <div className="dialog-loading">
              <Spin tip="Checking every row..." />
            </div>
          )}
          {check?.state === 'ok' && (
            <Alert
              type="success"
              showIcon
              message="No errors found: ready to import"
              description={summaryText(check.summary)}
            />
          )}
          {check?.state === 'failed' && <Alert type="error" showIcon role="alert" message={check.summary} />}
          {check?.state === 'errors' && (
            <>
              <Alert
                type="error"
                showIcon
                role="alert"
                message={check.summary || `${check.errors.length} errors`}
                description={`Nothing was imported. ${Object.entries(errorsBySheet)
                  .map(([sheet, count]) => `${sheet}: ${count} ${count === 1 ? 'error' : 'errors'}`)
                  .join('; ')}. Go back to fix the mapping, or fix the file and upload it again.`}
              />
              <Table<ImportError>
                className="upload-errors"
                size="small"
                rowKey={(e) => `${e.worksheet}-${e.row}-${e.col}-${e.message}`}
                pagination={check.errors.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
                dataSource={check.errors}
                columns={[
                  { key: 'worksheet', title: 'Worksheet', dataIndex: 'worksheet', width: 140 },
                  // Messages wrap: the whole text matters more than one line per error.
                  { key: 'message', title: 'Error', dataIndex: 'message' },
                ]}
              />
            </>
          )}
        </div>
      )}

      {step === 3 && done && (
        <Result status="success" title={`Imported ${done.lines} ${saleTypeName} lines`} subTitle={summaryText(done)} />
      )}
    </Modal>
  );
}

function countBy(values: string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const value of values) counts[value] = (counts[value] ?? 0) + 1;
  return counts;
}

function summaryText(summary: ImportSummary): string {
  return `${summary.lines} lines from ${summary.rows} rows in ${summary.worksheets} ${summary.worksheets === 1 ? 'worksheet' : 'worksheets'}: ${summary.added} new, ${summary.updated} replacing lines already on the card.`;
}
