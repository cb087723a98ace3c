import { Module } from '@nestjs/common';
import { MasterDataModule } from '../master-data';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DailyStatsController } from './daily-stats.controller';
import { DailyStatsService } from './daily-stats.service';
import { DailyStatFigures } from './daily-stat-figures';
import { DailyStat } from './entities/daily-stat.entity';

/** The daily area's stats input (spec 02 sections 2.2, 3, 4, 5, 7): footfall, chats and staff per store and day. */
@Module({
  imports: [TypeOrmModule.forFeature([DailyStat]), MasterDataModule],
  controllers: [DailyStatsController],
  providers: [DailyStatsService, DailyStatFigures],
  exports: [DailyStatsService, DailyStatFigures],
})
export class DailyModule {}
