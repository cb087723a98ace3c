import { useRefreshResource } from '../../api/hooks';
import { ExcelImportWizard, type FieldGroup } from '../../operations/upload/ExcelImportWizard';
import type { UploadField } from '../../operations/upload/uploadMapping';

export { columnLetter } from '../../operations/upload/uploadMapping';

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

/**
 * Store fields are named '<field>.<storeID>' (e.g. 'revenue.6'): the line's own fields in one
 * grid, then one row per store (revenue, commission, active side by side).
 */
function rateCardFieldGroups(fields: UploadField[]): FieldGroup[] {
  const groups: FieldGroup[] = [{ key: 'line', className: 'upload-fields', fields: fields.filter((f) => !f.field.includes('.')) }];
  for (const field of fields) {
    if (!field.field.includes('.')) continue;
    const key = field.field.slice(field.field.indexOf('.') + 1);
    const group = groups.find((g) => g.key === `store-${key}`);
    if (group) group.fields.push(field);
    else groups.push({ key: `store-${key}`, className: 'upload-store-fields', fields: [field] });
  }
  return groups;
}

function summaryText(summary: ImportSummary): string {
  return `${summary.lines} lines from ${summary.rows} rows in ${summary.worksheets} ${summary.worksheets === 1 ? 'worksheet' : 'worksheets'}: ${summary.added} new, ${summary.updated} replacing lines already on the card.`;
}

/**
 * Upload of rate card lines from Excel (spec 02 §2.3 and §4): the shared xlsx wizard with the
 * rate card's fields (per store, grouped), its saved mapping `defaults/rateCardMap`, and
 * `POST /api/rateCardLines/excel`, whose check and import are jobs shown with a progress bar.
 */
export function UploadWizard({ rateCardID, saleTypeID, saleTypeName, onClose }: Props) {
  const refresh = useRefreshResource();
  return (
    <ExcelImportWizard<ImportSummary>
      title={`Upload ${saleTypeName} Lines`}
      uploadUrl="/api/file/rateCards/xlsx"
      fieldsUrl={`/api/rateCardLine/uploadFields?saleTypeID=${saleTypeID}`}
      preferenceName="rateCardMap"
      mapHint="choose the column that holds each field. Required fields are marked *; a worksheet missing one is skipped. Revenue and commission set every store at once; the store columns set one store."
      fieldGroups={rateCardFieldGroups}
      importUrl="/api/rateCardLines/excel"
      importBody={({ fileID, mappings, headerRows, commit }) => ({ fileID, rateCardID, saleTypeID, mappings, headerRows, commit })}
      summaryText={summaryText}
      commitLabel="Import"
      commitBusyLabel="Importing..."
      doneTitle={(summary) => `Imported ${summary?.lines ?? 0} ${saleTypeName} lines`}
      onCommitted={async () => {
        await Promise.all([refresh('rateCardLines'), refresh('rateCards'), refresh('rateCard/current')]);
      }}
      onClose={onClose}
    />
  );
}
