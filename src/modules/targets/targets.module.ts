import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ListController } from '../../common/crud/list.controller';
import { MasterDataModule } from '../master-data';
import { SalesModule } from '../sales';
import { UsersModule } from '../users';
import { Target } from './entities/target.entity';
import { targetList } from './target-list';
import { TargetsController } from './targets.controller';
import { TargetsService } from './targets.service';

/** GET /api/targets (+ /excel): the list with its filters; reading needs a store. */
const TargetsListController = ListController({ plural: 'targets', definition: targetList, readNeedsStore: true });

/** Monthly targets per store, user and analysis list item (issue 11). */
@Module({
  imports: [TypeOrmModule.forFeature([Target]), MasterDataModule, UsersModule, SalesModule],
  // The grid's routes first: 'targets/actuals' must not be read as a list filter.
  controllers: [TargetsController, TargetsListController],
  providers: [TargetsService],
  exports: [TargetsService],
})
export class TargetsModule {}
