import { Controller, Get, Query, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { AuthUser } from '../../common/auth/auth-user';
import { CurrentUser, Download, RequireAreas } from '../../common/auth/decorators';
import { OK } from '../../common/http/validation-result';
import { UserPreferencesService } from '../users';
import { UsersService } from '../users';
import { monthStart } from './card-rules';
import { JsonAnswer } from '../../common/openapi/json-answer';
import { KeptAnswers, sendKept } from './kept-answers';
import { KpiCardsService } from './kpi-cards.service';
import { KpiQuery, SPLITS } from './kpi-query';
import { KpiTablesService } from './kpi-tables.service';
import { KpiTopsService, TOP_SORTS, type TopKind } from './kpi-tops.service';
import { streamTables } from './kpi-excel';
import { MetricEngine } from './metric-engine';

/** The most users one cards call adds up (a card-users preference lists a team). */
const MAX_CARD_USERS = 50;
const MAX_STORES = 1000;
/** The longest daily table: a year and a month. */
const MAX_DRH_DAYS = 400;
const PAGE_LENGTHS = [10, 25, 50, 100, 500];
const FILE_NAME = /^[\w\- .()]{1,100}$/;

/**
 * The dashboard's figures (spec 01 sections 2 and 7, issue 12): cards, tables, league tables,
 * the daily table, the Top dialogs and their Excel files. Open to every signed-in user: what
 * they add up is always limited to the caller's stores, months back and figures (server side).
 * The cards, tables, league tables and daily table go through KeptAnswers: made once per change
 * of what they read, then sent as kept bytes (kept-answers.ts).
 */
@Controller('kpi')
export class KpiController {
  constructor(
    private readonly cardsService: KpiCardsService,
    private readonly tablesService: KpiTablesService,
    private readonly topsService: KpiTopsService,
    private readonly engine: MetricEngine,
    private readonly users: UsersService,
    private readonly preferences: UserPreferencesService,
    private readonly kept: KeptAnswers,
  ) {}

  /** GET /kpi/cards?date&userID: day, month (and year) cards of the users, with targets, user, store cards and myStores. */
  @Get('cards')
  @JsonAnswer()
  async cards(@Query() query: Record<string, unknown>, @CurrentUser() user: AuthUser, @Req() req: Request, @Res() res: Response) {
    const q = new KpiQuery(query, ['date', 'userID']);
    const date = q.date('date', user, this.engine.today(), { fallback: this.engine.today() });
    const userIDs = q.ids('userID', MAX_CARD_USERS) ?? [user.userID];
    q.check();
    const proRate = await this.users.proRatesTargets(user.userID);
    const body = await this.kept.answer(user, ['cards', date, userIDs, proRate], async () => ({
      validationResult: OK,
      data: await this.cardsService.cards(date, userIDs, user, proRate),
    }));
    await sendKept(req, res, body);
  }

  /** GET /kpi/tables?date&storeID&splitBy: the month to date and the day, one store or all the caller's. */
  @Get('tables')
  @JsonAnswer()
  async tables(@Query() query: Record<string, unknown>, @CurrentUser() user: AuthUser, @Req() req: Request, @Res() res: Response) {
    const { date, storeID, splitBy } = this.tablesQuery(query, user, []);
    const body = await this.kept.answer(user, ['tables', date, storeID ?? null, splitBy], async () => ({
      validationResult: OK,
      listData: await this.tablesService.tables(date, storeID, splitBy, user),
    }));
    await sendKept(req, res, body);
  }

  @Get('tables/excel')
  @Download()
  // Document 02 section 6: AccessAPI grants Excel downloads, these as every list's.
  @RequireAreas('AccessAPI')
  async tablesExcel(@Query() query: Record<string, unknown>, @CurrentUser() user: AuthUser, @Res() res: Response) {
    const { date, storeID, splitBy, fileName } = this.tablesQuery(query, user, ['token', 'fileName']);
    const tables = await this.tablesService.tables(date, storeID, splitBy, user);
    await streamTables(res, fileName ?? `KPI tables ${date}`, tables);
  }

  /** GET /kpi/leagueTables?date: users and stores of all the caller's stores, best first. */
  @Get('leagueTables')
  @JsonAnswer()
  async leagueTables(@Query() query: Record<string, unknown>, @CurrentUser() user: AuthUser, @Req() req: Request, @Res() res: Response) {
    const q = new KpiQuery(query, ['date']);
    const date = q.date('date', user, this.engine.today(), { fallback: this.engine.today() });
    q.check();
    const body = await this.kept.answer(user, ['leagueTables', date], async () => ({
      validationResult: OK,
      listData: await this.tablesService.leagueTables(date, user),
    }));
    await sendKept(req, res, body);
  }

  /** GET /kpi/drhTable?fromDate&toDate[&storeIDs&splitBy]: the user's drhMetrics over a range. */
  @Get('drhTable')
  @JsonAnswer()
  async drhTable(@Query() query: Record<string, unknown>, @CurrentUser() user: AuthUser, @Req() req: Request, @Res() res: Response) {
    const request = await this.drhQuery(query, user, []);
    const metrics = await this.drhMetrics(user);
    const body = await this.kept.answer(user, ['drhTable', request, metrics], async () => ({
      validationResult: OK,
      data: await this.drh(request, metrics, user),
    }));
    await sendKept(req, res, body);
  }

  @Get('drhTable/excel')
  @Download()
  @RequireAreas('AccessAPI')
  async drhTableExcel(@Query() query: Record<string, unknown>, @CurrentUser() user: AuthUser, @Res() res: Response) {
    const request = await this.drhQuery(query, user, ['token', 'fileName']);
    const table = await this.drh(request, await this.drhMetrics(user), user);
    await streamTables(res, request.fileName ?? `Daily table ${request.fromDate} to ${request.toDate}`, [table]);
  }

  /** GET /kpi/stores, /kpi/skus, /kpi/users: a Top dialog's page (sales filters, paging, sort, quickFilter on the name). */
  @Get('stores')
  topStores(@Query() query: Record<string, unknown>, @CurrentUser() user: AuthUser) {
    return this.tops('stores', query, user);
  }

  @Get('skus')
  topSkus(@Query() query: Record<string, unknown>, @CurrentUser() user: AuthUser) {
    return this.tops('skus', query, user);
  }

  @Get('users')
  topUsers(@Query() query: Record<string, unknown>, @CurrentUser() user: AuthUser) {
    return this.tops('users', query, user);
  }

  private tops(kind: TopKind, query: Record<string, unknown>, user: AuthUser) {
    // Every other parameter is a sales list filter, which the list engine checks (400 on an unknown one).
    const q = new KpiQuery(query, Object.keys(query));
    const known = ['saleDateGEQ', 'saleDateLEQ', 'page', 'pageLength', 'sort', 'sortDir', 'quickFilter'];
    const today = this.engine.today();
    const fromDate = q.date('saleDateGEQ', user, today, { fallback: monthStart(today) });
    const toDate = q.date('saleDateLEQ', user, today, { fallback: today });
    if (fromDate > toDate) q.fail('saleDateLEQ', 'Must be on or after the from date');
    const page = q.integer('page', 0, 100_000, 0);
    const pageLength = q.integer('pageLength', 1, 500, 10);
    if (!PAGE_LENGTHS.includes(pageLength)) q.fail('pageLength', `One of ${PAGE_LENGTHS.join(', ')}`);
    const sort = q.oneOf('sort', TOP_SORTS, user.showRevenue ? 'adjustedRevenueTotal' : user.showCommission ? 'commissionTotal' : 'revenueCount');
    const sortDir = q.oneOf('sortDir', ['asc', 'desc'] as const, 'desc');
    const quickFilter = q.words('quickFilter', 50);
    const filters = q.rest(known);
    q.check();
    return this.topsService.page(kind, { fromDate, toDate, filters, page, pageLength, sort, sortDir, quickFilter }, user);
  }

  private tablesQuery(query: Record<string, unknown>, user: AuthUser, extra: string[]) {
    const q = new KpiQuery(query, ['date', 'storeID', 'splitBy', ...extra]);
    const date = q.date('date', user, this.engine.today(), { fallback: this.engine.today() });
    const [storeID] = q.ids('storeID', 1) ?? [];
    const splitBy = q.oneOf('splitBy', SPLITS, 'attributableToUserID');
    const fileName = extra.includes('fileName') ? this.fileName(q) : undefined;
    q.check();
    return { date, storeID, splitBy, fileName };
  }

  private async drhQuery(query: Record<string, unknown>, user: AuthUser, extra: string[]) {
    const q = new KpiQuery(query, ['fromDate', 'toDate', 'storeIDs', 'splitBy', ...extra]);
    const today = this.engine.today();
    const fromDate = q.date('fromDate', user, today);
    const toDate = q.date('toDate', user, today);
    if (fromDate > toDate) q.fail('toDate', 'Must be on or after the from date');
    else if ((Date.parse(toDate) - Date.parse(fromDate)) / 86_400_000 + 1 > MAX_DRH_DAYS) q.fail('toDate', `At most ${MAX_DRH_DAYS} days`);
    const storeIDs = q.ids('storeIDs', MAX_STORES);
    const splitBy = q.oneOf('splitBy', SPLITS, 'attributableToUserID');
    const fileName = extra.includes('fileName') ? this.fileName(q) : undefined;
    q.check();
    return { fromDate, toDate, storeIDs, splitBy, fileName };
  }

  /** The user's drhMetrics preference: metric ids, comma-separated (anything else is ignored). */
  private async drhMetrics(user: AuthUser): Promise<number[]> {
    const saved = (await this.preferences.get(user.userID, 'defaults', 'drhMetrics')).value ?? '';
    return saved
      .split(',')
      .map((id) => id.trim())
      .filter((id) => /^\d{1,9}$/.test(id))
      .map(Number);
  }

  /** The daily table with the drhMetrics preference's metrics, else every table metric. */
  private async drh(request: Awaited<ReturnType<KpiController['drhQuery']>>, wanted: number[], user: AuthUser) {
    // A preference naming metrics since deleted keeps its others.
    const known = wanted.length ? await this.engine.existingMetricIDs(wanted) : [];
    return this.tablesService.drhTable(request.fromDate, request.toDate, request.storeIDs, request.splitBy, known, user);
  }

  private fileName(q: KpiQuery): string | undefined {
    const name = q.words('fileName', 100);
    if (name !== undefined && !FILE_NAME.test(name)) q.fail('fileName', 'Use letters, digits, spaces, dots and dashes');
    return name;
  }
}
