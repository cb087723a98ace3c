import { Global, Module } from '@nestjs/common';
import { ExcelExportService } from './excel/excel-export.service';
import { XlsxReader } from './excel/xlsx-reader';
import { ListService } from './list/list.service';

/** Pieces written once and used by every module. */
@Global()
@Module({ providers: [ListService, ExcelExportService, XlsxReader], exports: [ListService, ExcelExportService, XlsxReader] })
export class CommonModule {}
