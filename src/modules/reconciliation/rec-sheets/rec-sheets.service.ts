import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import type { AuthUser } from '../../../common/auth/auth-user';
import { CrudService } from '../../../common/crud/crud.service';
import { InvalidInput } from '../../../common/http/validation-result';
import { ListService } from '../../../common/list/list.service';
import { RecSheetLine } from '../entities/rec-sheet-line.entity';
import { lineLinkedSql } from '../rec-links';
import { RecSheet } from '../entities/rec-sheet.entity';
import { RecSheetBody } from './rec-sheet.body';
import { recSheetList } from './rec-sheet-rows';

/** Rec sheets (spec 02 section 3): name and recDate; deleting one deletes its lines unless any is reconciled. */
@Injectable()
export class RecSheetsService extends CrudService<RecSheet, RecSheetBody> {
  readonly definition = recSheetList;

  constructor(@InjectDataSource() dataSource: DataSource, lists: ListService) {
    super(dataSource, lists);
  }

  protected async assign(_manager: EntityManager, sheet: RecSheet, body: RecSheetBody): Promise<void> {
    sheet.name = body.name;
    sheet.recDate = body.recDate;
  }

  /** Refused (400) while any line is reconciled; otherwise its lines go with it, in the same transaction. */
  protected override async beforeRemove(manager: EntityManager, sheet: RecSheet): Promise<void> {
    const reconciled = await manager
      .createQueryBuilder(RecSheetLine, 'line')
      .where(`line.recSheetID = :id AND ${lineLinkedSql('line')}`, { id: sheet.recSheetID })
      .getCount();
    if (reconciled > 0) {
      throw new InvalidInput(
        {},
        `${reconciled} ${reconciled === 1 ? 'line of this rec sheet is' : 'lines of this rec sheet are'} reconciled, so it cannot be deleted`,
      );
    }
    await manager.delete(RecSheetLine, { recSheetID: sheet.recSheetID });
  }

  /** The sheet's id when it exists; 404 otherwise. */
  async assertExists(recSheetID: number, user: AuthUser): Promise<RecSheet> {
    return this.lists.findVisible(this.definition, recSheetID, user);
  }
}
