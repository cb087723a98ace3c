import { Global, Module } from '@nestjs/common';
import { ExcelExportService } from './excel/excel-export.service';
import { ListService } from './list/list.service';

/** Pieces written once and used by every module. */
@Global()
@Module({ providers: [ListService, ExcelExportService], exports: [ListService, ExcelExportService] })
export class CommonModule {}
