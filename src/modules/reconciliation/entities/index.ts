import { AutoRecLink } from './auto-rec-link.entity';
import { AutoRecRun } from './auto-rec-run.entity';
import { RecLink } from './rec-link.entity';
import { RecImportTemplate } from './rec-import-template.entity';
import { RecMatchRule } from './rec-match-rule.entity';
import { RecSheetImportLine } from './rec-sheet-import-line.entity';
import { RecSheetLine } from './rec-sheet-line.entity';
import { RecSheet } from './rec-sheet.entity';

export { AutoRecLink, AutoRecRun, RecImportTemplate, RecLink, RecMatchRule, RecSheet, RecSheetImportLine, RecSheetLine };
export const RECONCILIATION_ENTITIES = [RecSheet, RecSheetLine, AutoRecRun, AutoRecLink, RecLink, RecSheetImportLine, RecImportTemplate, RecMatchRule];
