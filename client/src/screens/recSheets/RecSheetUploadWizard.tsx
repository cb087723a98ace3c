import { useState } from 'react';
import { Checkbox } from 'antd';
import { ExcelImportWizard } from '../../operations/upload/ExcelImportWizard';
import type { TemplateRoutes } from '../../operations/upload/importTemplates';
import { AutoRecOutcome } from './AutoRec';

/** The import job's summary (docs/http-api.md "Rec sheet import"). */
export interface RecImportSummary {
  worksheets: number;
  /** The names of the worksheets skipped for an incomplete mapping. */
  skippedWorksheets?: string[];
  rows: number;
  /** Rows under a table that are not sales (totals, notes), skipped with a warning each. */
  skippedRows?: number;
  lines: number;
  errors?: number;
}

const plural = (count: number, one: string, many = `${one}s`) => `${count.toLocaleString('en-GB')} ${count === 1 ? one : many}`;

export function recImportSummaryText(summary: RecImportSummary): string {
  const parts = [`${plural(summary.lines ?? 0, 'line')} from ${plural(summary.rows ?? 0, 'row')} in ${plural(summary.worksheets ?? 0, 'worksheet')}`];
  if (summary.skippedRows) parts.push(`${plural(summary.skippedRows, 'row')} of totals and notes left out`);
  const skipped = summary.skippedWorksheets ?? [];
  if (skipped.length) parts.push(`skipped: ${skipped.join(', ')}`);
  return `${parts.join('; ')}.`;
}

/** Supplier templates (issue 24): /recSheets/templates lists them. */
const TEMPLATES: TemplateRoutes = { listPath: 'recImportTemplates', savePath: 'recImportTemplate' };

interface Props {
  recSheetID: number;
  onClose: () => void;
  /** After the commit (and after an auto reconcile it started): refresh the lists. */
  onChanged: () => void;
  onOperationStarted?: (operationID: number) => void;
}

/**
 * 'Upload revenue reconciliation sheet' (spec 02 §2.3): the shared xlsx wizard with the rec sheet
 * line fields, every worksheet mapped on its own and sent (the server skips an incomplete one and
 * says so), supplier templates offered by the worksheet's headers, else the saved mapping
 * `defaults/recSheetMap`, and a commit that may run auto reconcile
 * after it ('Auto reconcile after import'), whose progress and result follow the import's.
 */
export function RecSheetUploadWizard({ recSheetID, onClose, onChanged, onOperationStarted }: Props) {
  const [autoRec, setAutoRec] = useState(false);
  const [autoRecOperationID, setAutoRecOperationID] = useState<number | null>(null);
  return (
    <ExcelImportWizard<RecImportSummary>
      title="Upload revenue reconciliation sheet"
      uploadUrl="/api/file/recSheets/xlsx"
      fieldsUrl="/api/recSheetLine/uploadFields"
      preferenceName="recSheetMap"
      templates={TEMPLATES}
      mapHint="choose the column that holds each field, for every worksheet. Every field is needed: a worksheet with a field left unmapped is left out of the import."
      sendIncompleteSheets
      allFieldsRequired
      importUrl="/api/recSheetLines/excel"
      importBody={({ fileID, mappings, headerRows, commit }) => ({ fileID, recSheetID, mappings, headerRows, commit, autoRec: commit && autoRec })}
      summaryText={recImportSummaryText}
      commitLabel="Commit"
      commitBusyLabel="Committing..."
      commitOptions={
        <Checkbox checked={autoRec} onChange={(e) => setAutoRec(e.target.checked)}>
          Auto reconcile after import
        </Checkbox>
      }
      doneTitle={(summary) => `Imported ${plural(summary?.lines ?? 0, 'line')}`}
      onCommitted={(outcome) => {
        const id = Number(outcome.result.autoRecOperationID ?? 0);
        if (id > 0) setAutoRecOperationID(id);
        onChanged();
      }}
      afterCommit={autoRecOperationID ? <AutoRecOutcome operationID={autoRecOperationID} onChanged={onChanged} /> : undefined}
      onOperationStarted={onOperationStarted}
      onClose={onClose}
    />
  );
}
