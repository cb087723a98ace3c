import { Module } from '@nestjs/common';
import { FilesModule } from '../../files';
import { OcrEngine } from './ocr-engine';
import { ReceiptScanController } from './receipt-scan.controller';
import { ReceiptScanService } from './receipt-scan.service';

/**
 * POST /file/saleOcr: receipts kept in the files module's receipts library, read offline by one
 * tesseract.js worker (OcrEngine, started on the first scan, closed with the module), matched
 * through the list engine against the rate card's line stores and the store's analysis fields.
 * Imported by SalesModule.
 */
@Module({
  imports: [FilesModule],
  controllers: [ReceiptScanController],
  providers: [ReceiptScanService, OcrEngine],
  exports: [ReceiptScanService, OcrEngine],
})
export class ReceiptScanModule {}
