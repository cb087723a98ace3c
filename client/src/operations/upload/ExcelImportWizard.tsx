import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { Alert, App, Button, Card, Modal, Progress, Result, Spin, Steps, Table, Tag, Typography, Upload } from 'antd';
import { InboxOutlined } from '@ant-design/icons';
import { usePreference } from '../../api/hooks';
import { ApiError, apiGet } from '../../api/http';
import { dialogFit, useViewport } from '../../shell/useViewport';
import { MAX_UPLOAD_BYTES, TOO_LARGE, uploadFile } from '../../screens/customisation/uploadFile';
import { OperationProgress } from '../OperationProgress';
import type { OperationView } from '../types';
import { startOperation, useOperation } from '../useOperation';
import {
  type SheetHeaders,
  type SheetMapping,
  type UploadField,
  allSheetMappings,
  columnLetter,
  headerRowsOf,
  parsePreference,
  prefillSheet,
  sheetStatus,
  templateMappingsOf,
  toMappings,
  updatePreference,
} from './uploadMapping';
import {
  type ImportTemplate,
  type TemplateRoutes,
  SaveTemplateDialog,
  TemplatePicker,
  matchTemplate,
  saveTemplate,
  useImportTemplates,
} from './importTemplates';
import '../operations.css';
import { useSaveFeedback } from '../../feedback/useSaveFeedback';
import { Picker } from '../../record/Picker';
import { textOf } from '../../format/format';

/** The warning row of a worksheet the server skipped (spec 02 §2.3, §8). */
export const SHEET_SKIPPED = 'Sheet skipped due to incomplete mapping';

/** One row of an import report: 'Row {n} col {c} value "{v}" error: "{e}"', or a skipped sheet. */
export interface ImportRow {
  worksheet: string;
  row: number;
  col: number | string;
  value: unknown;
  error: string;
  message: string;
  /** A warning (a skipped worksheet) rather than an error. */
  warning?: boolean;
}

/** A check's or a commit's answer, from the job's result (`{ validationResult, data, listData }`). */
export interface ImportOutcome<S> {
  fail: boolean;
  failSummary: string;
  summary: S | undefined;
  errors: ImportRow[];
  warnings: ImportRow[];
  /** The whole result, for what a wizard reads besides (e.g. the auto reconcile it started). */
  result: Record<string, unknown>;
}

export const isWarningRow = (row: ImportRow) =>
  row.warning === true || String(row.message ?? '').includes(SHEET_SKIPPED) || String(row.error ?? '').includes(SHEET_SKIPPED);

export function outcomeOfResult<S>(result: unknown, fallbackSummary = 'The import failed.'): ImportOutcome<S> {
  const body = (result ?? {}) as { validationResult?: { fail?: boolean; failSummary?: string }; data?: S; listData?: ImportRow[] };
  const rows = Array.isArray(body.listData) ? body.listData : [];
  return {
    fail: Boolean(body.validationResult?.fail),
    failSummary: body.validationResult?.failSummary ?? (body.validationResult?.fail ? fallbackSummary : ''),
    summary: body.data,
    errors: rows.filter((row) => !isWarningRow(row)),
    warnings: rows.filter(isWarningRow),
    result: body,
  };
}

/** A group of fields shown together in a worksheet's card (e.g. one store's revenue, commission, active). */
export interface FieldGroup {
  key: string;
  className: string;
  fields: UploadField[];
}

export interface ExcelImportWizardProps<S> {
  title: string;
  /** Where the file goes: POST /api/file/{library}/xlsx. */
  uploadUrl: string;
  /** GET answering `{ listData: [{ field, label, required }] }`. */
  fieldsUrl: string;
  /** The saved mapping, `defaults/{preferenceName}`. */
  preferenceName: string;
  /** Said above the worksheets on the mapping step. */
  mapHint: string;
  /**
   * Supplier templates (the rec sheet import, issue 24): a worksheet whose headers hold every
   * header of a saved template gets that template's mapping, says so, and may take another or
   * none; its mapping can be saved as a template. Without it the wizard maps as before.
   */
  templates?: TemplateRoutes;
  /** How a worksheet's fields are laid out (default: one grid). */
  fieldGroups?: (fields: UploadField[]) => FieldGroup[];
  /** Every field must be mapped for a worksheet to be read (the rec sheet import), not only the required ones. */
  allFieldsRequired?: boolean;
  /** Send every worksheet, incomplete ones with nulls (the server reports them skipped); else complete ones only. */
  sendIncompleteSheets?: boolean;
  /** The import call (POST, answering 202 with the operation). */
  importUrl: string;
  importBody: (args: {
    fileID: number;
    mappings: Record<string, Record<string, number | null>>;
    /** Each worksheet's header row as the wizard showed it (found, or picked by the user). */
    headerRows: Record<string, number>;
    commit: boolean;
  }) => Record<string, unknown>;
  /** '3 lines from 3 rows in 2 worksheets...' */
  summaryText: (summary: S) => string;
  /** 'Import' or 'Commit'. */
  commitLabel: string;
  commitBusyLabel: string;
  /** Beside the commit button, e.g. 'Auto reconcile after import'. */
  commitOptions?: ReactNode;
  doneTitle: (summary: S | undefined) => string;
  /** After a successful commit (refresh lists); its node shows under the result (e.g. a follow-up job). */
  onCommitted?: (outcome: ImportOutcome<S>) => void | Promise<void>;
  afterCommit?: ReactNode;
  /** Each job the wizard starts, e.g. for a screen that refreshes while a job runs. */
  onOperationStarted?: (operationID: number) => void;
  onClose: () => void;
}

type Check<S> = { state: 'running'; operationID: number | null } | { state: 'done'; outcome: ImportOutcome<S> } | { state: 'failed'; summary: string };

/**
 * The xlsx upload wizard of spec 02 §2.3 and §4 (rate card lines, rec sheet lines): Choose file,
 * Map fields (every worksheet on its own, prefilled from the saved mapping by header text and
 * from the header names), Confirm import (a check with commit false: the report of errors and
 * skipped sheets), then the commit. Both the check and the commit are jobs: their progress bar
 * is fed by the operation polled every 500 ms.
 */
export function ExcelImportWizard<S>(props: ExcelImportWizardProps<S>) {
  const { title, uploadUrl, fieldsUrl, preferenceName, mapHint, fieldGroups, sendIncompleteSheets, templates: templateRoutes, onClose } = props;
  const viewport = useViewport();
  const { modal, message } = App.useApp();
  const preference = usePreference('defaults', preferenceName);
  const [step, setStep] = useState(0);
  const [done, setDone] = useState<ImportOutcome<S> | null>(null);

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
    const outcome = await uploadFile(uploadUrl, chosen, setProgress);
    setProgress(null);
    if (!outcome.ok || !outcome.data) {
      setUploadError(outcome.failSummary ?? 'The upload failed.');
      return;
    }
    setFile({ fileID: Number(outcome.data.fileID), name: textOf(outcome.data.originalName ?? chosen.name) });
    setSheets(null);
    setMappingBySheet(null);
    setStep(1);
  };

  // ---- step 2: the mapping ----
  const [sheets, setSheets] = useState<SheetHeaders[] | null>(null);
  const [loadedFields, setFields] = useState<UploadField[] | null>(null);
  const fields = useMemo(
    () => (loadedFields && props.allFieldsRequired ? loadedFields.map((f) => ({ ...f, required: true })) : loadedFields),
    [loadedFields, props.allFieldsRequired],
  );
  const [loadError, setLoadError] = useState<string | null>(null);
  const [mappingBySheet, setMappingBySheet] = useState<Record<string, SheetMapping> | null>(null);
  /** The template applied to each worksheet (offered by its headers, or chosen), or null. */
  const [templateBySheet, setTemplateBySheet] = useState<Record<string, ImportTemplate | null>>({});
  const { templates, refresh: refreshTemplates } = useImportTemplates(templateRoutes);
  const [savingTemplateOf, setSavingTemplateOf] = useState<string | null>(null);

  /** A worksheet's starting mapping: the template's, else the saved preference's; the field names and aliases fill the rest. */
  const prefillWith = (sheet: SheetHeaders, template: ImportTemplate | null) =>
    prefillSheet(sheet, fields!, template ? template.mappings : parsePreference(preference.value));

  useEffect(() => {
    if (!file) return;
    let cancelled = false;
    setLoadError(null);
    Promise.all([apiGet<{ listData: SheetHeaders[] }>(`/api/file/${file.fileID}/excelHeaders/allSheets`), apiGet<{ listData: UploadField[] }>(fieldsUrl)])
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
  }, [file, fieldsUrl]);

  // Prefilled once everything (the saved mapping and the templates offered too) has arrived.
  useEffect(() => {
    if (!sheets || !fields || preference.isLoading || mappingBySheet) return;
    let cancelled = false;
    const saved = parsePreference(preference.value);
    void Promise.all(sheets.map((sheet) => offeredTemplate(templateRoutes, sheet))).then((offered) => {
      if (cancelled) return;
      setTemplateBySheet(Object.fromEntries(sheets.map((sheet, i) => [sheet.worksheet, offered[i]])));
      setMappingBySheet(Object.fromEntries(sheets.map((sheet, i) => [sheet.worksheet, prefillSheet(sheet, fields, offered[i]?.mappings ?? saved)])));
    });
    return () => {
      cancelled = true;
    };
  }, [sheets, fields, preference.isLoading, preference.value, mappingBySheet, templateRoutes]);

  const statuses = useMemo(
    () =>
      sheets && fields && mappingBySheet
        ? Object.fromEntries(sheets.map((sheet) => [sheet.worksheet, sheetStatus(mappingBySheet[sheet.worksheet], fields)]))
        : {},
    [sheets, fields, mappingBySheet],
  );
  const completeCount = Object.values(statuses).filter((s) => s === 'complete').length;

  /** The user picked another header row: that sheet's headers are read from it, and its mapping prefilled again. */
  const [rowLoading, setRowLoading] = useState<string | null>(null);
  const chooseHeaderRow = async (worksheet: string, headerRow: number) => {
    setRowLoading(worksheet);
    try {
      const query = new URLSearchParams({ worksheet, headerRow: String(headerRow) });
      const answer = await apiGet<{ listData: SheetHeaders[] }>(`/api/file/${file!.fileID}/excelHeaders/allSheets?${query}`);
      const read = (answer.listData ?? []).find((sheet) => sheet.worksheet === worksheet);
      if (!read) return;
      // The choices stay those of the first reading: every row near the top, whichever is chosen.
      setSheets((all) => all?.map((sheet) => (sheet.worksheet === worksheet ? { ...read, rowChoices: sheet.rowChoices } : sheet)) ?? all);
      // The headers of the new row may be a supplier's whose template is saved.
      const template = await offeredTemplate(templateRoutes, read);
      setTemplateBySheet((all) => ({ ...all, [worksheet]: template }));
      setMappingBySheet((all) => ({ ...all, [worksheet]: prefillWith(read, template) }));
      message.success(`Headers read from row ${headerRow} of ${worksheet}`);
    } catch (error) {
      message.error(error instanceof Error ? error.message : 'The row could not be read');
    } finally {
      setRowLoading(null);
    }
  };

  /** The user chose a template (or none) for a worksheet: its mapping starts again from it. */
  const chooseTemplate = (sheet: SheetHeaders, template: ImportTemplate | null) => {
    setTemplateBySheet((all) => ({ ...all, [sheet.worksheet]: template }));
    setMappingBySheet((all) => ({ ...all, [sheet.worksheet]: prefillWith(sheet, template) }));
    message.info(template ? `Template ${template.name} applied to ${sheet.worksheet}` : `No template applied to ${sheet.worksheet}`);
  };

  /** Saves the worksheet's mapping under the supplier's name, and applies that template to it. */
  const saveSheetTemplate = async (sheet: SheetHeaders, name: string) => {
    const template = await saveTemplate(templateRoutes!, templates, name, templateMappingsOf(sheet, mappingBySheet?.[sheet.worksheet]));
    setTemplateBySheet((all) => ({ ...all, [sheet.worksheet]: template }));
    void refreshTemplates();
    confirmSaved(`Template ${template.name} saved`);
  };
  const savingSheet = sheets?.find((sheet) => sheet.worksheet === savingTemplateOf);

  const setColumn = (worksheet: string, field: string, col: number | null) =>
    setMappingBySheet((all) => ({ ...all, [worksheet]: { ...all?.[worksheet], [field]: col } }));

  const groups: FieldGroup[] = fields ? (fieldGroups?.(fields) ?? [{ key: 'fields', className: 'upload-fields', fields }]) : [];

  const renderField = (worksheet: string, field: UploadField, options: { value: number; label: string }[]) => (
    <label key={field.field} className="upload-field">
      <span className="upload-field-label">
        {field.label}
        {field.required && <span className="upload-required"> *</span>}
      </span>
      <Picker
        className="upload-field-select"
        aria-label={field.label}
        allowClear
        placeholder="Not mapped"
        value={mappingBySheet?.[worksheet]?.[field.field] ?? undefined}
        onChange={(col) => setColumn(worksheet, field.field, col ?? null)}
        options={options}
      />
    </label>
  );

  // ---- step 3: check, then commit (both jobs) ----
  const [check, setCheck] = useState<Check<S> | null>(null);
  const [commit, setCommit] = useState<{ operationID: number | null } | null>(null);
  const [commitFailure, setCommitFailure] = useState<string | null>(null);
  const confirmSaved = useSaveFeedback();

  const mappings = () => (sendIncompleteSheets ? allSheetMappings(sheets!, mappingBySheet!, fields!) : toMappings(sheets!, mappingBySheet!, fields!));

  /** Starts the job; an endpoint still answering at once gives its outcome straight away. */
  const send = async (commitIt: boolean): Promise<{ operationID: number } | { outcome: ImportOutcome<S> }> => {
    try {
      const started = await startOperation(
        props.importUrl,
        'POST',
        props.importBody({ fileID: file!.fileID, mappings: mappings(), headerRows: headerRowsOf(sheets!), commit: commitIt }),
      );
      if (started.operation) {
        props.onOperationStarted?.(started.operation.operationID);
        return { operationID: started.operation.operationID };
      }
      return { outcome: outcomeOfResult<S>(started.body) };
    } catch (caught) {
      if (caught instanceof ApiError) {
        const outcome = outcomeOfResult<S>(caught.body, caught.message);
        return { outcome: { ...outcome, fail: true, failSummary: outcome.failSummary || caught.message } };
      }
      return {
        outcome: { fail: true, failSummary: 'The server could not be reached. Please try again.', summary: undefined, errors: [], warnings: [], result: {} },
      };
    }
  };

  const outcomeOfOperation = (operation: OperationView): ImportOutcome<S> => {
    const outcome = outcomeOfResult<S>(operation.result, operation.error ?? 'The import failed.');
    if (operation.state === 'failed') return { ...outcome, fail: true, failSummary: outcome.failSummary || operation.error || 'The import failed.' };
    return outcome;
  };

  const checkOperation = useOperation(check?.state === 'running' ? check.operationID : null, (operation) =>
    setCheck({ state: 'done', outcome: outcomeOfOperation(operation) }),
  );
  const commitOperation = useOperation(commit?.operationID ?? null, (operation) => void finishCommit(outcomeOfOperation(operation)));

  const runCheck = async () => {
    setStep(2);
    setCommitFailure(null);
    setCheck({ state: 'running', operationID: null });
    // The mapping is remembered by header names for the next file.
    void preference.save(JSON.stringify(updatePreference(parsePreference(preference.value), sheets!, mappingBySheet!, fields!)));
    const sent = await send(false);
    if ('operationID' in sent) setCheck({ state: 'running', operationID: sent.operationID });
    else setCheck({ state: 'done', outcome: sent.outcome });
  };

  const toConfirm = () => {
    const skipped = Object.keys(statuses).filter((worksheet) => statuses[worksheet] !== 'complete');
    if (skipped.length) {
      const names = skipped.map((worksheet) => `'${worksheet}'`).join(', ');
      modal.confirm({
        title: 'Not all worksheets are mapped',
        content: `${skipped.length === 1 ? 'Worksheet' : 'Worksheets'} ${names} ${skipped.length === 1 ? 'is' : 'are'} left out: not every required field has a column. Continue with the mapped worksheets?`,
        okText: 'Continue',
        onOk: () => void runCheck(),
      });
    } else {
      void runCheck();
    }
  };

  async function finishCommit(outcome: ImportOutcome<S>) {
    setCommit(null);
    if (outcome.fail) {
      setCheck({ state: 'done', outcome });
      setCommitFailure(outcome.failSummary || 'Nothing was imported.');
      return;
    }
    setDone(outcome);
    setStep(3);
    confirmSaved(props.doneTitle(outcome.summary));
    await props.onCommitted?.(outcome);
  }

  const runCommit = async () => {
    setCommitFailure(null);
    setCommit({ operationID: null });
    const sent = await send(true);
    if ('operationID' in sent) setCommit({ operationID: sent.operationID });
    else await finishCommit(sent.outcome);
  };

  const committing = commit !== null;
  const checkOutcome = check?.state === 'done' ? check.outcome : null;
  const ready = Boolean(checkOutcome && !checkOutcome.fail && checkOutcome.errors.length === 0);

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
      <Button key="cancel" onClick={onClose} disabled={committing}>
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
      <span key="options" className="upload-commit-options">
        {props.commitOptions}
      </span>,
      cancel,
      <Button key="back" onClick={() => setStep(1)} disabled={committing || check?.state === 'running'}>
        Back to mapping
      </Button>,
      <Button key="commit" type="primary" disabled={!ready} loading={committing} onClick={() => void runCommit()}>
        {committing ? props.commitBusyLabel : props.commitLabel}
      </Button>,
    ];
  };

  const errorsBySheet = checkOutcome ? countBy(checkOutcome.errors.map((e) => e.worksheet)) : {};

  return (
    <Modal
      open
      title={title}
      onCancel={committing ? undefined : onClose}
      maskClosable={false}
      closable={!committing}
      footer={footer()}
      {...dialogFit(viewport, 1000, 'record-dialog', 'upload-wizard')}
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
            <p className="ant-upload-hint">
              One file, up to 50 MB. Every worksheet is read; its headers are found below any title rows, and you can pick another row.
            </p>
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
                {file?.name}: {mapHint}
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
                    extra={<Tag color={STATUS_TAG[status].color}>{STATUS_TAG[status].text}</Tag>}
                  >
                    {sheet.headerRow != null && (
                      <label className="upload-header-row">
                        <span className="upload-field-label">Headers on row</span>
                        <Picker
                          className="upload-header-row-select"
                          aria-label={`Header row of ${sheet.worksheet}`}
                          value={sheet.headerRow}
                          loading={rowLoading === sheet.worksheet}
                          disabled={rowLoading !== null}
                          onChange={(row: number) => void chooseHeaderRow(sheet.worksheet, row)}
                          options={(sheet.rowChoices ?? [{ row: sheet.headerRow, text: '' }]).map((choice) => ({
                            value: choice.row,
                            label: `${choice.row}${choice.text ? `: ${choice.text}` : ''}`,
                          }))}
                          // As wide as the rows' text on a wide screen, never wider than the window on a phone.
                          popupMatchSelectWidth={false}
                          styles={{ popup: { root: { maxWidth: 'calc(100vw - 32px)' } } }}
                        />
                      </label>
                    )}
                    {templateRoutes && (
                      <TemplatePicker
                        worksheet={sheet.worksheet}
                        applied={templateBySheet[sheet.worksheet] ?? null}
                        templates={templates}
                        onChoose={(template) => chooseTemplate(sheet, template)}
                        onSave={() => setSavingTemplateOf(sheet.worksheet)}
                        saveDisabled={status === 'empty' || rowLoading !== null}
                      />
                    )}
                    {status !== 'complete' && (
                      <Alert
                        className="upload-sheet-warning"
                        type="info"
                        showIcon
                        message={
                          props.allFieldsRequired
                            ? 'Map every field to import this worksheet; until then it is left out.'
                            : 'Map every required field to import this worksheet; until then it is left out.'
                        }
                      />
                    )}
                    {groups.map((group) => (
                      <div key={group.key} className={group.className}>
                        {group.fields.map((field) => renderField(sheet.worksheet, field, options))}
                      </div>
                    ))}
                  </Card>
                );
              })}
            </>
          )}
          {savingSheet && (
            <SaveTemplateDialog
              worksheet={savingSheet.worksheet}
              initialName={templateBySheet[savingSheet.worksheet]?.name ?? ''}
              onSave={(name) => saveSheetTemplate(savingSheet, name)}
              onClose={() => setSavingTemplateOf(null)}
            />
          )}
        </div>
      )}

      {step === 2 && (
        <div className="upload-confirm">
          {check?.state === 'running' && <OperationProgress operation={checkOperation.operation} startingText="Checking every row..." />}
          {check?.state === 'failed' && <Alert type="error" showIcon role="alert" message={check.summary} />}
          {checkOutcome && ready && (
            <Alert
              type="success"
              showIcon
              message="No errors found: ready to import"
              description={checkOutcome.summary ? props.summaryText(checkOutcome.summary) : undefined}
            />
          )}
          {checkOutcome && !ready && (
            <Alert
              type="error"
              showIcon
              role="alert"
              message={checkOutcome.failSummary || `${checkOutcome.errors.length} errors`}
              description={
                checkOutcome.errors.length
                  ? `Nothing was imported. ${Object.entries(errorsBySheet)
                      .map(([sheet, count]) => `${sheet}: ${count} ${count === 1 ? 'error' : 'errors'}`)
                      .join('; ')}. Go back to fix the mapping, or fix the file and upload it again.`
                  : undefined
              }
            />
          )}
          {checkOutcome && checkOutcome.warnings.length > 0 && <ReportTable className="upload-warnings" rows={checkOutcome.warnings} kind="warning" />}
          {checkOutcome && checkOutcome.errors.length > 0 && <ReportTable className="upload-errors" rows={checkOutcome.errors} kind="error" />}
          {committing && (
            <div className="upload-commit-progress">
              <OperationProgress operation={commitOperation.operation} startingText="Starting the import..." />
            </div>
          )}
          {commitFailure && <Alert className="dialog-note" type="error" showIcon role="alert" message={commitFailure} />}
        </div>
      )}

      {step === 3 && done && (
        <>
          <Result status="success" title={props.doneTitle(done.summary)} subTitle={done.summary ? props.summaryText(done.summary) : undefined} />
          {props.afterCommit}
        </>
      )}
    </Modal>
  );
}

/** The template offered for a worksheet's headers, when the wizard has templates. */
function offeredTemplate(routes: TemplateRoutes | undefined, sheet: SheetHeaders): Promise<ImportTemplate | null> {
  return routes
    ? matchTemplate(
        routes,
        sheet.headers.map((h) => h.header),
      )
    : Promise.resolve(null);
}

/** A worksheet's state while mapping: 'Skipped' is a word of the import's report only. */
const STATUS_TAG = {
  complete: { color: 'green', text: 'Mapped' },
  incomplete: { color: 'orange', text: 'Incomplete' },
  empty: { color: 'default', text: 'Not mapped' },
} as const;

/** The report's rows with the server's exact messages; skipped sheets are warnings. */
function ReportTable({ rows, kind, className }: { rows: ImportRow[]; kind: 'error' | 'warning'; className: string }) {
  return (
    <Table<ImportRow>
      className={className}
      size="small"
      rowKey={(e) => `${e.worksheet}-${e.row}-${e.col}-${e.message}`}
      pagination={rows.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
      dataSource={rows}
      columns={[
        { key: 'worksheet', title: 'Worksheet', dataIndex: 'worksheet', width: 140 },
        {
          key: 'kind',
          title: '',
          width: 90,
          render: () => (kind === 'warning' ? <Tag color="orange">Warning</Tag> : <Tag color="red">Error</Tag>),
        },
        // Messages wrap: the whole text matters more than one line per error.
        { key: 'message', title: kind === 'warning' ? 'Warning' : 'Error', dataIndex: 'message' },
      ]}
    />
  );
}

function countBy(values: string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const value of values) counts[value] = (counts[value] ?? 0) + 1;
  return counts;
}
