import { ListBodyOf } from '../../common/openapi/list-route';
import { Body, Controller, Get, Param, Put, Query } from '@nestjs/common';
import type { AuthUser } from '../../common/auth/auth-user';
import { SentVersion, type EditVersion } from '../../common/crud/edit-version';
import { CurrentUser, RequireAreas, RequireStore } from '../../common/auth/decorators';
import { assertStoreAccess } from '../../common/auth/store-scope';
import { IdPipe } from '../../common/http/id.pipe';
import { listBodyReader } from '../../common/http/list-body';
import { InvalidInput, OK } from '../../common/http/validation-result';
import { TargetEntryBody } from './target.body';
import { TargetsService } from './targets.service';

/** Cells of one store's month: users x (overall + list items) x 2 types stays far below this. */
const MAX_GRID_ENTRIES = 10_000;

const readTargets = listBodyReader(TargetEntryBody, { name: 'targets', noun: 'target', maxItems: MAX_GRID_ENTRIES });

/** The id of the query's storeID, or a 400 (the list engine's message for a bad id filter). */
function storeIDOf(value: unknown): number {
  const id = typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : NaN;
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) throw new InvalidInput({ storeID: 'Choose a store' });
  return id;
}

function dateOf(value: unknown): string {
  if (typeof value !== 'string') throw new InvalidInput({ targetDate: 'Target date must be the first day of a month, yyyy-mm-01' });
  return value;
}

/** GET /api/targets/actuals and PUT /api/targets/{storeID}/{date} (the list is TargetsListController). */
@Controller()
@RequireStore()
export class TargetsController {
  constructor(private readonly targets: TargetsService) {}

  @Get('targets/actuals')
  async actuals(@Query() query: Record<string, unknown>, @CurrentUser() user: AuthUser) {
    return { validationResult: OK, listData: await this.targets.actuals(storeIDOf(query.storeID), dateOf(query.targetDate), user) };
  }

  /** The store is checked before the body, so a store outside the profile is a 403 whatever was sent. */
  @Put('targets/:storeID/:date')
  @ListBodyOf(TargetEntryBody)
  @RequireAreas('RecordTargets')
  async save(
    @Param('storeID', IdPipe) storeID: number,
    @Param('date') date: string,
    @Body() body: unknown,
    @CurrentUser() user: AuthUser,
    @SentVersion() version: EditVersion,
  ) {
    assertStoreAccess(user, storeID);
    const entries = await readTargets(body);
    const saved = await this.targets.save(storeID, date, entries, user, version);
    return { validationResult: OK, listData: saved.listData, data: { dropped: saved.dropped } };
  }
}
