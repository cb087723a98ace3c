import type { EditVersion } from '../../../common/crud/edit-version';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, In, MoreThan, Not } from 'typeorm';
import type { AuthUser } from '../../../common/auth/auth-user';
import { CrudService } from '../../../common/crud/crud.service';
import { assertNoneInUse } from '../../../common/db/in-use';
import { toNumber } from '../../../common/db/numbers';
import { InvalidInput } from '../../../common/http/validation-result';
import { auditFields } from '../../../common/list/audit-fields';
import type { ListDefinition } from '../../../common/list/list-definition';
import { ListService } from '../../../common/list/list.service';
import { APP_CONFIG, AppConfig } from '../../../config/app-config';
import { localDate, recordDate } from '../../../common/dates/days';
import { RateCard, RateCardLine } from '../entities';
import type { RateCardBody } from './rate-card.body';

/** Spec 01 section 5: ids up to 7 digits. */
export const ID_7 = /^\d{1,7}$/;

export interface RateCardSummary {
  rateCardID: number;
  name: string;
  fromDate: string | null;
}

export const summaryOf = (card: RateCard): RateCardSummary => ({
  rateCardID: card.rateCardID,
  name: card.name,
  fromDate: recordDate(card.fromDate),
});

/**
 * nextRateCard (the card with the next later fromDate) and rateCardLineCount for a page of
 * card rows: one query for the following dates, one for those cards, one grouped count.
 */
async function decorateCards(rows: Record<string, unknown>[], { manager }: { manager: EntityManager }): Promise<void> {
  const ids = rows.map((r) => r.rateCardID as number);
  const next = await manager
    .createQueryBuilder(RateCard, 'rc')
    .select('rc.rateCardID', 'id')
    .addSelect((sub) => sub.select('MIN(n.fromDate)').from(RateCard, 'n').where('n.fromDate > rc.fromDate'), 'nextFrom')
    .where('rc.rateCardID IN (:...ids)', { ids })
    .getRawMany<{ id: unknown; nextFrom: unknown }>();
  const nextFromByID = new Map(next.map((r) => [toNumber(r.id), r.nextFrom == null ? null : String(r.nextFrom as string | Date).slice(0, 10)]));
  const dates = [...new Set([...nextFromByID.values()].filter((d): d is string => !!d))];
  const nextCards = dates.length ? await manager.find(RateCard, { where: { fromDate: In(dates) } }) : [];
  const byDate = new Map(nextCards.map((c) => [String(c.fromDate).slice(0, 10), c]));
  const counts = await manager
    .createQueryBuilder(RateCardLine, 'l')
    .select('l.rateCardID', 'id')
    .addSelect('COUNT(*)', 'n')
    .where('l.rateCardID IN (:...ids)', { ids })
    .groupBy('l.rateCardID')
    .getRawMany<{ id: unknown; n: unknown }>();
  const countByID = new Map(counts.map((r) => [toNumber(r.id), toNumber(r.n)]));
  for (const row of rows) {
    const nextFrom = nextFromByID.get(row.rateCardID as number);
    const card = nextFrom ? byDate.get(nextFrom) : undefined;
    row.nextRateCard = card ? summaryOf(card) : null;
    row.rateCardLineCount = countByID.get(row.rateCardID as number) ?? 0;
  }
}

export const rateCardList: ListDefinition<RateCard> = {
  entity: RateCard,
  alias: 'rateCard',
  idField: 'rateCardID',
  label: 'rate card',
  fields: {
    rateCardID: { column: 'rateCard.rateCardID', type: 'integer', pattern: ID_7, excel: 'ID' },
    name: { column: 'rateCard.name', type: 'text', quick: true, excel: 'Name' },
    fromDate: { column: 'rateCard.fromDate', type: 'date', excel: 'From' },
    ...auditFields('rateCard'),
  },
  defaultSort: { field: 'fromDate', dir: 'DESC' },
  toRow: (card) => {
    const { rateCardLines: _lines, ...rest } = card;
    return { ...rest, fromDate: recordDate(card.fromDate), nextRateCard: null, rateCardLineCount: 0 };
  },
  decorateRows: decorateCards,
};

@Injectable()
export class RateCardsService extends CrudService<RateCard, RateCardBody> {
  readonly definition = rateCardList;

  constructor(
    @InjectDataSource() dataSource: DataSource,
    lists: ListService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    super(dataSource, lists);
  }

  protected async assign(manager: EntityManager, card: RateCard, body: RateCardBody, _user: AuthUser, isNew: boolean): Promise<void> {
    const clash = await manager.findOne(RateCard, {
      where: { fromDate: body.fromDate, ...(isNew ? {} : { rateCardID: Not(card.rateCardID) }) },
    });
    if (clash) throw new InvalidInput({ fromDate: `The rate card ${clash.name} already starts on this date` });
    card.name = body.name;
    card.fromDate = body.fromDate;
    delete card.rateCardLines;
  }

  /**
   * A card goes with its lines and their stores (ON DELETE CASCADE, one transaction), unless
   * something uses the card, a line or a line store (sales): 400 naming them.
   */
  override async remove(id: number, user: AuthUser, version: EditVersion = null): Promise<{ id: number }> {
    await this.dataSource.transaction(async (manager) => {
      await this.lists.findVisible(this.definition, id, user, manager);
      await this.lists.lockUnchanged(this.definition, id, version, manager);
      await assertNoneInUse(manager, RateCard, [id], 'rate card');
      await manager.delete(RateCard, { rateCardID: id });
    });
    return { id };
  }

  /** The card in force today (configured time zone): the latest fromDate not after today. */
  async current(user: AuthUser): Promise<Record<string, unknown> | null> {
    const today = localDate(this.config.timeZone);
    const card = await this.dataSource.manager
      .createQueryBuilder(RateCard, 'rc')
      .where('rc.fromDate <= :today', { today })
      .orderBy('rc.fromDate', 'DESC')
      .getOne();
    if (!card) return null;
    const row = await this.lists.row(this.definition, card.rateCardID, user);
    const counts = await this.dataSource.manager
      .createQueryBuilder(RateCardLine, 'l')
      .innerJoin('l.saleType', 'st')
      .select('l.saleTypeID', 'saleTypeID')
      .addSelect('st.name', 'saleTypeName')
      .addSelect('COUNT(*)', 'n')
      .where('l.rateCardID = :id', { id: card.rateCardID })
      .groupBy('l.saleTypeID')
      .addGroupBy('st.name')
      .orderBy('st.name', 'ASC')
      .getRawMany<{ saleTypeID: unknown; saleTypeName: string; n: unknown }>();
    return {
      rateCardID: row.rateCardID,
      name: row.name,
      fromDate: row.fromDate,
      nextRateCard: row.nextRateCard,
      rateCardLineCount: row.rateCardLineCount,
      saleTypes: counts.map((c) => ({ saleTypeID: toNumber(c.saleTypeID), saleTypeName: c.saleTypeName, rateCardLineCount: toNumber(c.n) })),
    };
  }

  /** A card by id, or null. */
  byID(manager: EntityManager, rateCardID: number): Promise<RateCard | null> {
    return manager.findOne(RateCard, { where: { rateCardID } });
  }

  /** The card in force on `day` ('yyyy-mm-dd'): the latest fromDate not after it. */
  inForceOn(manager: EntityManager, day: string): Promise<RateCard | null> {
    return manager.createQueryBuilder(RateCard, 'rc').where('rc.fromDate <= :day', { day }).orderBy('rc.fromDate', 'DESC').getOne();
  }

  /** Today in the configured time zone ('yyyy-mm-dd'): what "today" means for cards and sales. */
  today(): string {
    return localDate(this.config.timeZone);
  }

  /** The card that follows `fromDate`, if any (used by the seed and compare). */
  async nextAfter(fromDate: string): Promise<RateCard | null> {
    return this.dataSource.manager.findOne(RateCard, { where: { fromDate: MoreThan(fromDate) }, order: { fromDate: 'ASC' } });
  }
}
