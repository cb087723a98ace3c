import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { FilesModule } from '../files';
import { MasterDataModule } from '../master-data';
import { SalesModule } from '../sales';
import { UsersModule } from '../users';
import { AutoRecController } from './auto-rec/auto-rec.controller';
import { AutoRecService } from './auto-rec/auto-rec.service';
import { RecSheetAutoRecUndoJob } from './auto-rec/rec-sheet-auto-rec-undo.job';
import { ManualRecController } from './manual-rec/manual-rec.controller';
import { ManualRecService } from './manual-rec/manual-rec.service';
import { RecSheetAutoRecJob } from './auto-rec/rec-sheet-auto-rec.job';
import { RECONCILIATION_ENTITIES } from './entities';
import { RecSheetImportController } from './import/rec-sheet-import.controller';
import { RecSheetImportJob } from './import/rec-sheet-import.job';
import { RecSheetImportSheetJob } from './import/rec-sheet-import-sheet.job';
import { RecSheetImportService } from './import/rec-sheet-import.service';
import { RecImportTemplateCrudController, RecImportTemplatesController } from './import-templates/rec-import-templates.controller';
import { RecImportTemplatesService } from './import-templates/rec-import-templates.service';
import { RecMatchRuleCrudController } from './match-rules/rec-match-rules.controller';
import { RecMatchRulesService } from './match-rules/rec-match-rules.service';
import { RecSheetCrudController, RecSheetLineCrudController, RecSheetsController } from './rec-sheets/rec-sheets.controller';
import { RecSheetLinesService } from './rec-sheets/rec-sheet-lines.service';
import { RecSheetsService } from './rec-sheets/rec-sheets.service';

/**
 * Revenue reconciliation (spec 02 sections 2.3, 3, 4, 5, 7): rec sheets and their lines, the
 * xlsx import, auto and manual reconcile. RevenueReconciliation only, on every call.
 * Sales are read and changed only through the sales module's exported services.
 *
 * One entry per line in each array, so each part adds its own without touching the others.
 */
@Module({
  imports: [TypeOrmModule.forFeature(RECONCILIATION_ENTITIES), SalesModule, FilesModule, MasterDataModule, UsersModule],
  // Fixed paths (recSheetLine/uploadFields, recSheetLines with a body) before the generated ':id' routes.
  controllers: [
    RecSheetImportController,
    RecSheetsController,
    RecSheetCrudController,
    RecSheetLineCrudController,
    AutoRecController,
    ManualRecController,
    RecImportTemplatesController,
    RecImportTemplateCrudController,
    RecMatchRuleCrudController,
  ],
  providers: [
    RecSheetsService,
    RecSheetLinesService,
    RecSheetImportService,
    RecSheetImportJob,
    RecSheetImportSheetJob,
    RecSheetAutoRecJob,
    RecSheetAutoRecUndoJob,
    AutoRecService,
    ManualRecService,
    RecImportTemplatesService,
    RecMatchRulesService,
  ],
  exports: [RecSheetsService, RecSheetLinesService],
})
export class ReconciliationModule {}
