import type { EditVersion } from '../../../common/crud/edit-version';
import { chunks } from '../../../common/collections/chunks';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, In } from 'typeorm';
import type { AuthUser } from '../../../common/auth/auth-user';
import { stampCreated } from '../../../common/db/audited.entity';
import { replaceChildren } from '../../../common/db/children';
import { CrudService } from '../../../common/crud/crud.service';
import { assertNoneInUse } from '../../../common/db/in-use';
import { forUpdate } from '../../../common/db/locks';
import { toMoney, toNumber } from '../../../common/db/numbers';
import { InvalidInput } from '../../../common/http/validation-result';
import { ListService } from '../../../common/list/list.service';
import { BandsService, SaleTypesService, SkuTypesService, StoresService } from '../../master-data';
import { sentOr } from '../../../common/http/sent-value';
import { RateCard, RateCardLine, RateCardLineStore } from '../entities';
import { rateCardLineList } from './rate-card-line-rows';
import { RateCardLineBody, RateCardLineStoreBody } from './rate-card-line.body';

export const SKU_TAKEN = 'SKU already on this rate card for this sale type';

/** A line's values at one store, as saved. */
export interface LineStoreValues {
  storeID: number;
  active: boolean;
  revenue: number;
  commission: number;
}

/** A store's overrides of the line's values as saved: null = the line's (excludeDiscount: its SKU type's). */
export interface LineStoreOverrides {
  sku: string | null;
  description: string | null;
  customerRRP: number | null;
  customerMonthly: number | null;
  excludeDiscount: boolean | null;
}

const NO_OVERRIDES: LineStoreOverrides = { sku: null, description: null, customerRRP: null, customerMonthly: null, excludeDiscount: null };

/**
 * Spec 01 section 5: 'a rate card line store unticked with revenue and commission both 0 is
 * dropped; otherwise kept as inactive'. Entries that are kept are saved; the others are not
 * (and an existing row for that store is deleted).
 */
export function keepLineStore(entry: LineStoreValues): boolean {
  return entry.active || toMoney(entry.revenue) !== 0 || toMoney(entry.commission) !== 0;
}

/** One line for bulkUpsert: already validated by the caller (see bulkUpsert). */
export interface BulkLine {
  sku: string;
  skuTypeID: number;
  description: string;
  customerRRP: number;
  customerMonthly: number;
  contractMonths: number;
  bandID: number | null;
  legacySKU: string | null;
  /** The line's stores; each must offer the sale type. Entries the drop rule drops are not saved. */
  stores: LineStoreValues[];
}

export interface BulkUpsertResult {
  added: number;
  updated: number;
}

const LINE_CHUNK = 200;
const STORE_CHUNK = 500;
const ID_CHUNK = 1000;

@Injectable()
export class RateCardLinesService extends CrudService<RateCardLine, RateCardLineBody> {
  readonly definition = rateCardLineList;

  constructor(
    @InjectDataSource() dataSource: DataSource,
    lists: ListService,
    private readonly saleTypes: SaleTypesService,
    private readonly skuTypes: SkuTypesService,
    private readonly bands: BandsService,
    private readonly stores: StoresService,
  ) {
    super(dataSource, lists);
  }

  /** A line store with its line, the line's card, SKU type and band: what a sale is priced from. */
  lineStoreForSale(manager: EntityManager, rateCardLineStoreID: number): Promise<RateCardLineStore | null> {
    return manager.findOne(RateCardLineStore, {
      where: { rateCardLineStoreID },
      relations: { rateCardLine: { rateCard: true, skuType: true, band: true } },
    });
  }

  /**
   * The line store of a card that sells `sku` (the store's override, else the line's; ignoring
   * case) at a store for a sale type, whether active or not (the caller says why it cannot be sold).
   */
  async lineStoreForSku(manager: EntityManager, rateCardID: number, storeID: number, saleTypeID: number, sku: string): Promise<RateCardLineStore | null> {
    const found = await manager
      .createQueryBuilder(RateCardLineStore, 'ls')
      .innerJoin('ls.rateCardLine', 'l')
      .select('ls.rateCardLineStoreID', 'id')
      .where('l.rateCardID = :rateCardID AND l.saleTypeID = :saleTypeID AND ls.storeID = :storeID', { rateCardID, saleTypeID, storeID })
      .andWhere('LOWER(COALESCE(ls.sku, l.sku)) = :sku', { sku: sku.toLowerCase() })
      .getRawOne<{ id: unknown }>();
    return found ? this.lineStoreForSale(manager, toNumber(found.id)) : null;
  }

  /** The stores (ids) that offer `saleTypeID`. */
  async storesOffering(manager: EntityManager, saleTypeID: number): Promise<Set<number>> {
    return this.saleTypes.storesOffering(manager, saleTypeID);
  }

  /**
   * Serializes the writes to one card's lines: locks the card's row until `manager`'s
   * transaction ends, so a second save or upload of the card waits, then sees the first one's
   * lines (SKU uniqueness is checked in code, see skuTaken). False when there is no such card.
   * Take it before reading the card's lines.
   */
  async lockCard(manager: EntityManager, rateCardID: number): Promise<boolean> {
    const qb = manager.createQueryBuilder(RateCard, 'rc').select('rc.rateCardID', 'id').where('rc.rateCardID = :rateCardID', { rateCardID });
    return !!(await forUpdate(qb).getRawOne());
  }

  /**
   * True when another line of the card and sale type has this SKU (ignoring case). Call it
   * after lockCard: it is a locking read, so it sees lines committed since the transaction's
   * first read (an update reads the line before it locks the card).
   */
  async skuTaken(manager: EntityManager, rateCardID: number, saleTypeID: number, sku: string, exceptLineID?: number): Promise<boolean> {
    const qb = manager
      .createQueryBuilder(RateCardLine, 'l')
      .select('l.rateCardLineID', 'id')
      .where('l.rateCardID = :rateCardID AND l.saleTypeID = :saleTypeID AND LOWER(l.sku) = :sku', {
        rateCardID,
        saleTypeID,
        sku: sku.toLowerCase(),
      });
    if (exceptLineID) qb.andWhere('l.rateCardLineID <> :exceptLineID', { exceptLineID });
    return !!(await forUpdate(qb).getRawOne());
  }

  protected async assign(manager: EntityManager, line: RateCardLine, body: RateCardLineBody, _user: AuthUser, isNew: boolean): Promise<void> {
    const errors: Record<string, string> = {};
    // First: a concurrent save of the same card waits here until this one commits.
    if (!(await this.lockCard(manager, body.rateCardID))) errors.rateCardID = 'Choose a rate card that exists';
    if (!(await this.saleTypes.exists(manager, body.saleTypeID))) errors.saleTypeID = 'Choose a sale type that exists';
    if (!(await this.skuTypes.exists(manager, body.skuTypeID))) errors.skuTypeID = 'Choose a SKU type that exists';
    if (body.bandID != null && !(await this.bands.exists(manager, body.bandID))) errors.bandID = 'Choose a band that exists';
    if (Object.keys(errors).length) throw new InvalidInput(errors);
    if (await this.skuTaken(manager, body.rateCardID, body.saleTypeID, body.sku, isNew ? undefined : line.rateCardLineID)) {
      throw new InvalidInput({ sku: SKU_TAKEN });
    }
    const offeredIn = await this.storesOffering(manager, body.saleTypeID);
    if (body.rateCardLineStores) await this.checkStores(manager, body.rateCardLineStores, offeredIn);
    else if (!isNew && body.saleTypeID !== line.saleTypeID) {
      const current = await manager.find(RateCardLineStore, { where: { rateCardLineID: line.rateCardLineID }, relations: { store: true } });
      const outside = current.find((ls) => !offeredIn.has(ls.storeID));
      if (outside) throw new InvalidInput({ saleTypeID: `This sale type is not offered at ${outside.store?.name}, where the line has a price` });
    }
    line.rateCardID = body.rateCardID;
    line.saleTypeID = body.saleTypeID;
    line.sku = body.sku;
    line.skuTypeID = body.skuTypeID;
    // Master data's rule (sentOr): left out keeps the line's value, null is the default (the
    // dialog sends null for a number box the user emptied).
    const keep = <K extends keyof RateCardLine>(key: K, sent: RateCardLine[K] | null | undefined, fallback: RateCardLine[K]): RateCardLine[K] =>
      sentOr(sent, isNew ? undefined : line[key], fallback);
    line.description = keep('description', body.description, '');
    line.customerRRP = keep('customerRRP', body.customerRRP, 0);
    line.customerMonthly = keep('customerMonthly', body.customerMonthly, 0);
    line.contractMonths = keep('contractMonths', body.contractMonths, 0);
    line.bandID = keep('bandID', body.bandID, null);
    line.legacySKU = keep('legacySKU', body.legacySKU === '' ? null : body.legacySKU, null);
    // Only the upload sets the file (bulkUpsert); body.fileID is ignored.
    if (isNew) line.fileID = null;
    delete line.rateCard;
    delete line.saleType;
    delete line.skuType;
    delete line.band;
    delete line.file;
    delete line.rateCardLineStores;
  }

  /** Each store once and existing; the ones kept must offer the sale type (400 on the entry's storeID). */
  private async checkStores(manager: EntityManager, entries: RateCardLineStoreBody[], offeredIn: Set<number>): Promise<void> {
    const ids = [...new Set(entries.map((e) => e.storeID))];
    const existing = await this.stores.existingIDs(manager, ids);
    const errors: Record<string, string> = {};
    const seen = new Set<number>();
    entries.forEach((entry, i) => {
      const field = `rateCardLineStores.${i}.storeID`;
      if (seen.has(entry.storeID)) errors[field] = 'Each store may appear only once';
      else if (!existing.has(entry.storeID)) errors[field] = 'Choose a store that exists';
      else if (!offeredIn.has(entry.storeID) && keepLineStore(storeValues(entry))) errors[field] = 'The sale type is not offered at this store';
      seen.add(entry.storeID);
    });
    if (Object.keys(errors).length) throw new InvalidInput(errors);
  }

  /** The body's stores replace the line's (drop-or-inactive rule), keyed by store so their ids last. */
  protected override async afterSave(manager: EntityManager, line: RateCardLine, body: RateCardLineBody): Promise<void> {
    if (!body.rateCardLineStores) return;
    const current = await manager.find(RateCardLineStore, { where: { rateCardLineID: line.rateCardLineID } });
    const byStore = new Map(current.map((ls) => [ls.storeID, ls]));
    const kept = body.rateCardLineStores.map((entry) => storeValues(entry, byStore.get(entry.storeID))).filter(keepLineStore);
    const keptStores = new Set(kept.map((k) => k.storeID));
    const stale = current.filter((ls) => !keptStores.has(ls.storeID)).map((ls) => ls.rateCardLineStoreID);
    await assertNoneInUse(manager, RateCardLineStore, stale, 'rate card line store', 'rateCardLineStores');
    await replaceChildren(manager, RateCardLineStore, {
      parent: { column: 'rateCardLineID', id: line.rateCardLineID },
      idField: 'rateCardLineStoreID',
      wanted: kept,
      keyOfRow: (row) => row.storeID,
      keyOfWanted: (entry) => entry.storeID,
      values: (entry) => entry,
    });
  }

  /** A line goes with its stores, unless something uses the line or one of its stores (400). */
  override async remove(id: number, user: AuthUser, version: EditVersion = null): Promise<{ id: number }> {
    await this.dataSource.transaction(async (manager) => {
      await this.lists.findVisible(this.definition, id, user, manager);
      await this.lists.lockUnchanged(this.definition, id, version, manager);
      await assertNoneInUse(manager, RateCardLine, [id], 'rate card line');
      await manager.delete(RateCardLine, { rateCardLineID: id });
    });
    return { id };
  }

  /**
   * DELETE /rateCardLines: every id exists and nothing uses any of them, then all go in one
   * transaction; otherwise 400 and nothing is deleted. The in-use check is one grouped count
   * per referencing table, whatever the number of lines.
   */
  async removeMany(ids: number[], _user: AuthUser): Promise<{ rateCardLineIDs: number[]; count: number }> {
    const unique = [...new Set(ids)];
    await this.dataSource.transaction(async (manager) => {
      let found = 0;
      for (const chunk of chunks(unique, ID_CHUNK)) found += await manager.countBy(RateCardLine, { rateCardLineID: In(chunk) });
      const missing = unique.length - found;
      if (missing > 0) {
        throw new InvalidInput(
          { rateCardLineIDs: `${missing} of these rate card lines ${missing === 1 ? 'does' : 'do'} not exist` },
          `${missing} of these rate card lines ${missing === 1 ? 'does' : 'do'} not exist; nothing was deleted`,
        );
      }
      await assertNoneInUse(manager, RateCardLine, unique, 'rate card line', 'rateCardLineIDs');
      for (const chunk of chunks(unique, ID_CHUNK)) await manager.delete(RateCardLine, { rateCardLineID: In(chunk) });
    });
    return { rateCardLineIDs: unique, count: unique.length };
  }

  /** bulkUpsert in a transaction of its own (the demo seed). */
  writeLines(
    rateCardID: number,
    saleTypeID: number,
    lines: readonly BulkLine[],
    fileID: number | null,
    user: Pick<AuthUser, 'name'>,
  ): Promise<BulkUpsertResult> {
    return this.dataSource.transaction((manager) => this.bulkUpsert(manager, rateCardID, saleTypeID, lines, fileID, user));
  }

  /**
   * Writes many lines of one card and sale type, in the caller's transaction (the xlsx upload).
   *
   * Contract:
   * - `manager` is the caller's transaction manager; nothing is committed here, and any throw
   *   leaves the caller to roll back.
   * - The card is locked first (lockCard) until the caller's transaction ends, so concurrent
   *   writes to the card (saves, other uploads) wait and then see these lines.
   * - The caller has validated every line: rateCardID, saleTypeID, skuTypeID, bandID, fileID
   *   exist; sku is 1..25 characters matching SKU_PATTERN and unique ignoring case within
   *   `lines`; money values are ≥ 0 with at most 2 decimals; contractMonths 0..120; every store
   *   exists and offers the sale type, each at most once per line.
   * - A line whose SKU (ignoring case) is already on the card for the sale type is replaced:
   *   it keeps its rateCardLineID, its fields become the given ones (fileID included), and its
   *   stores become the given ones, matched by storeID so a kept store keeps its
   *   rateCardLineStoreID. Lines of the card not in `lines` are kept as they are.
   * - Each store entry goes through the drop-or-inactive rule (keepLineStore): unticked with
   *   revenue and commission both 0 is not saved (an existing row is deleted).
   * - The upload carries no per-store overrides: every saved line store has sku, description,
   *   customerRRP, customerMonthly and excludeDiscount null (a replaced line's stores lose theirs).
   * - A line store that would be deleted while something uses it (sales) → InvalidInput (400)
   *   on `rateCardLineStores`, naming how many.
   * - New lines and stores are inserted in chunks (200 lines, 500 stores a statement); existing
   *   lines are updated one statement each, and their stores only where a value changed.
   * - Audit fields are stamped with `user.name`. Returns how many lines were added and updated.
   */
  async bulkUpsert(
    manager: EntityManager,
    rateCardID: number,
    saleTypeID: number,
    lines: readonly BulkLine[],
    fileID: number | null,
    user: Pick<AuthUser, 'name'>,
  ): Promise<BulkUpsertResult> {
    if (lines.length === 0) return { added: 0, updated: 0 };
    await this.lockCard(manager, rateCardID);
    const now = new Date();
    // Existing lines of the card and sale type with these SKUs (a locking read, as in skuTaken).
    const existingBySku = new Map<string, { rateCardLineID: number }>();
    for (const chunk of chunks(
      lines.map((l) => l.sku.toLowerCase()),
      ID_CHUNK,
    )) {
      const qb = manager
        .createQueryBuilder(RateCardLine, 'l')
        .select('l.rateCardLineID', 'id')
        .addSelect('l.sku', 'sku')
        .where('l.rateCardID = :rateCardID AND l.saleTypeID = :saleTypeID AND LOWER(l.sku) IN (:...skus)', { rateCardID, saleTypeID, skus: chunk });
      const rows = await forUpdate(qb).getRawMany<{ id: unknown; sku: string }>();
      for (const r of rows) existingBySku.set(r.sku.toLowerCase(), { rateCardLineID: toNumber(r.id) });
    }
    const lineValues = (l: BulkLine) => ({
      rateCardID,
      saleTypeID,
      sku: l.sku,
      skuTypeID: l.skuTypeID,
      description: l.description ?? '',
      customerRRP: toMoney(l.customerRRP),
      customerMonthly: toMoney(l.customerMonthly),
      contractMonths: l.contractMonths,
      bandID: l.bandID,
      legacySKU: l.legacySKU || null,
      fileID,
    });

    const toInsert = lines.filter((l) => !existingBySku.has(l.sku.toLowerCase()));
    const toUpdate = lines.filter((l) => existingBySku.has(l.sku.toLowerCase()));

    // New lines: chunked inserts, then their ids read back by SKU (portable on both engines).
    const newStores: Array<Partial<RateCardLineStore>> = [];
    for (const chunk of chunks(toInsert, LINE_CHUNK)) {
      const rows = chunk.map((l) => {
        const row = manager.create(RateCardLine, lineValues(l));
        stampCreated(row, user.name, now);
        return row;
      });
      await manager.insert(RateCardLine, rows);
      const ids = await manager
        .createQueryBuilder(RateCardLine, 'l')
        .select('l.rateCardLineID', 'id')
        .addSelect('l.sku', 'sku')
        .where('l.rateCardID = :rateCardID AND l.saleTypeID = :saleTypeID AND l.sku IN (:...skus)', {
          rateCardID,
          saleTypeID,
          skus: chunk.map((l) => l.sku),
        })
        .getRawMany<{ id: unknown; sku: string }>();
      const idBySku = new Map(ids.map((r) => [r.sku, toNumber(r.id)]));
      for (const l of chunk) {
        const rateCardLineID = idBySku.get(l.sku)!;
        for (const s of l.stores.filter(keepLineStore)) newStores.push({ rateCardLineID, ...normalStore(s) });
      }
    }

    // Replaced lines: update the line, then make its stores match (ids kept per store).
    const updatedIDs = toUpdate.map((l) => existingBySku.get(l.sku.toLowerCase())!.rateCardLineID);
    const currentStores = new Map<number, RateCardLineStore[]>();
    for (const chunk of chunks(updatedIDs, ID_CHUNK)) {
      for (const ls of await manager.find(RateCardLineStore, { where: { rateCardLineID: In(chunk) } })) {
        if (!currentStores.has(ls.rateCardLineID)) currentStores.set(ls.rateCardLineID, []);
        currentStores.get(ls.rateCardLineID)!.push(ls);
      }
    }
    const staleStoreIDs: number[] = [];
    const storeUpdates: Array<{ id: number; values: LineStoreValues & LineStoreOverrides }> = [];
    toUpdate.forEach((l, i) => {
      const rateCardLineID = updatedIDs[i];
      const kept = new Map(l.stores.filter(keepLineStore).map((s) => [s.storeID, normalStore(s)]));
      for (const ls of currentStores.get(rateCardLineID) ?? []) {
        const wanted = kept.get(ls.storeID);
        if (!wanted) staleStoreIDs.push(ls.rateCardLineStoreID);
        else {
          const overridden = (Object.keys(NO_OVERRIDES) as Array<keyof LineStoreOverrides>).some((k) => ls[k] != null);
          if (ls.active !== wanted.active || toMoney(ls.revenue) !== wanted.revenue || toMoney(ls.commission) !== wanted.commission || overridden) {
            storeUpdates.push({ id: ls.rateCardLineStoreID, values: wanted });
          }
          kept.delete(ls.storeID);
        }
      }
      for (const s of kept.values()) newStores.push({ rateCardLineID, ...s });
    });
    await assertNoneInUse(manager, RateCardLineStore, staleStoreIDs, 'rate card line store', 'rateCardLineStores');
    for (const chunk of chunks(staleStoreIDs, ID_CHUNK)) await manager.delete(RateCardLineStore, { rateCardLineStoreID: In(chunk) });
    for (const [i, l] of toUpdate.entries()) {
      const values = { ...lineValues(l), updatedByUserName: user.name, updatedDate: now };
      await manager.update(RateCardLine, { rateCardLineID: updatedIDs[i] }, values);
    }
    for (const u of storeUpdates) await manager.update(RateCardLineStore, { rateCardLineStoreID: u.id }, u.values);
    for (const chunk of chunks(newStores, STORE_CHUNK)) await manager.insert(RateCardLineStore, chunk);
    return { added: toInsert.length, updated: toUpdate.length };
  }
}

/** An upload's store entry as saved: no overrides. */
function normalStore(s: LineStoreValues): LineStoreValues & LineStoreOverrides {
  return { storeID: s.storeID, active: !!s.active, revenue: toMoney(s.revenue), commission: toMoney(s.commission), ...NO_OVERRIDES };
}

/**
 * A body entry with what it leaves out taken from the store's row (or the defaults: active, 0,
 * 0, no overrides). An override sent as null or '' is cleared; with `overrides` sent, a field
 * it does not name is no override.
 */
function storeValues(entry: RateCardLineStoreBody, had?: RateCardLineStore): LineStoreValues & LineStoreOverrides {
  const override = <K extends keyof LineStoreOverrides>(key: K, sent: LineStoreOverrides[K] | '' | undefined): LineStoreOverrides[K] => {
    if (entry.overrides && !entry.overrides.includes(key)) return null;
    return sent === undefined ? (had?.[key] ?? null) : sent === '' ? null : sent;
  };
  const money = (value: number | null) => (value == null ? null : toMoney(value));
  return {
    storeID: entry.storeID,
    // Left out keeps the store's value, null is the default (an emptied box in the dialog).
    active: sentOr(entry.active, had?.active, true),
    revenue: toMoney(sentOr(entry.revenue, had?.revenue, 0)),
    commission: toMoney(sentOr(entry.commission, had?.commission, 0)),
    sku: override('sku', entry.sku),
    description: override('description', entry.description),
    customerRRP: money(override('customerRRP', entry.customerRRP)),
    customerMonthly: money(override('customerMonthly', entry.customerMonthly)),
    excludeDiscount: override('excludeDiscount', entry.excludeDiscount),
  };
}
