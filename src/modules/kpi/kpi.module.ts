import { Module } from '@nestjs/common';
import { DailyModule } from '../daily';
import { SalesModule } from '../sales';
import { FigureVersionsModule } from '../../common/figures/figure-versions';
import { KeptAnswers } from './kept-answers';
import { MetricEngine } from './metric-engine';
import { MetricEngineController } from './metric-engine.controller';
import { DailyReportController } from './daily-report.controller';
import { DailyReportService } from './daily-report.service';
import { KpiCardsService } from './kpi-cards.service';
import { KpiController } from './kpi.controller';
import { KpiTablesService } from './kpi-tables.service';
import { KpiTopsService } from './kpi-tops.service';
import { MasterDataModule } from '../master-data';
import { TargetsModule } from '../targets';
import { UsersModule } from '../users';

/**
 * KPI figures (issue 12): the one metric engine every figure of the dashboard, tables and daily
 * report goes through. Sales and daily stats answer their own sums (SaleFigures, DailyStatFigures).
 */
@Module({
  imports: [FigureVersionsModule, SalesModule, DailyModule, TargetsModule, UsersModule, MasterDataModule],
  controllers: [MetricEngineController, KpiController, DailyReportController],
  providers: [MetricEngine, KeptAnswers, KpiCardsService, KpiTablesService, KpiTopsService, DailyReportService],
  exports: [MetricEngine],
})
export class KpiModule {}
