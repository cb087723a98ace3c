import { Module } from '@nestjs/common';
import { SaleFigures } from './sale-figures';
import { FigureVersionsModule } from '../../common/figures/figure-versions';
import { TypeOrmModule } from '@nestjs/typeorm';
import { MasterDataModule } from '../master-data';
import { RateCardsModule } from '../rate-cards';
import { UsersModule } from '../users';
import { SALE_ENTITIES } from './entities';
import { ReceiptScanModule } from './receipt-scan/receipt-scan.module';
import { SalesController } from './sales.controller';
import { SalesService } from './sales.service';
import { SaleReconciliationReads } from './sale-reconciliation-reads';

/**
 * Sales (issue 9): the console's list, the transaction form's saves and actions, the bulk change
 * of rate card. The dashboard, targets and reconciliation read sales through SalesService.
 */
@Module({
  imports: [TypeOrmModule.forFeature(SALE_ENTITIES), FigureVersionsModule, MasterDataModule, RateCardsModule, UsersModule, ReceiptScanModule],
  controllers: [SalesController],
  providers: [SalesService, SaleReconciliationReads, SaleFigures],
  exports: [SalesService, SaleReconciliationReads, SaleFigures],
})
export class SalesModule {}
