import { Global, Module } from '@nestjs/common';
import { HistoryController } from './history.controller';
import { HistoryService } from './history.service';

/** The history trail (common/history): one service every document module writes through. */
@Global()
@Module({ controllers: [HistoryController], providers: [HistoryService], exports: [HistoryService] })
export class HistoryModule {}
