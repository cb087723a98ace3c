import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { FilesModule } from '../files/files.module';
import { MasterDataModule } from '../master-data/master-data.module';
import { SalesModule } from '../sales/sales.module';
import { UsersModule } from '../users/users.module';
import { RecSheetAutoRecUndoJob } from './auto-rec/rec-sheet-auto-rec-undo.job';
import { RecSheetAutoRecJob } from './auto-rec/rec-sheet-auto-rec.job';
import { RECONCILIATION_ENTITIES } from './entities';
import { RecSheetImportJob } from './import/rec-sheet-import.job';

/**
 * Revenue reconciliation (spec 02 sections 2.3, 3, 4, 5, 7): rec sheets and their lines, the
 * xlsx import, auto and manual reconcile. RevenueReconciliation only, on every call.
 * Sales are read and changed only through SalesService.
 */
@Module({
  imports: [TypeOrmModule.forFeature(RECONCILIATION_ENTITIES), SalesModule, FilesModule, MasterDataModule, UsersModule],
  controllers: [],
  providers: [RecSheetImportJob, RecSheetAutoRecJob, RecSheetAutoRecUndoJob],
  exports: [],
})
export class ReconciliationModule {}
