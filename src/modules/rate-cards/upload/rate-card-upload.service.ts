import { BadRequestException, HttpStatus, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import type { AuthUser } from '../../../common/auth/auth-user';
import { cellText, XlsxReader, type CellValue, type XlsxRow } from '../../../common/excel/xlsx-reader';
import { InvalidInput } from '../../../common/http/validation-result';
import { FilesService } from '../../files';
import { BandsService } from '../../master-data';
import { SaleTypesService } from '../../master-data';
import { SkuTypesService } from '../../master-data';
import { RateCard } from '../entities/rate-card.entity';
import { RateCardLinesService, type BulkLine } from '../lines/rate-card-lines.service';
import { lineIDsBySku, STORE_STRIDE, type UploadLine } from './upload-line';
import {
  activeCell,
  DESCRIPTION_MAX_LENGTH,
  isBlank,
  LINE_FIELDS,
  moneyCell,
  monthsCell,
  NAME_MAX_LENGTH,
  skuCell,
  textCell,
  uploadFields,
  type Converted,
  type SaleTypeStoreInfo,
  type UploadField,
} from './upload-fields';
import { parseUploadRequest, planSheets, type SheetPlan } from './upload-mapping';
import { requireHeader, uploadErrorMessage, type UploadError } from '../../../common/excel/sheet-mappings';
import { textOf } from '../../../common/db/numbers';

export type { UploadError };

export interface UploadSummary {
  /** Worksheets read (mapped). */
  worksheets: number;
  /** Worksheets of the file that had no mapping, skipped unread. */
  skippedWorksheets: string[];
  /** Data rows read (blank rows are not counted). */
  rows: number;
  lines: number;
  /** Lines new to the card and sale type / already there (replaced). */
  added: number;
  updated: number;
  /** Line stores the lines have (dropped stores not counted). */
  lineStores: number;
  committed: boolean;
}

/** What a job run gives the upload: progress, and the transaction its commit runs in (once only). */
export interface UploadHooks {
  progress?: (message: string, percentage: number) => Promise<void>;
  transaction?: <T>(work: (manager: EntityManager) => Promise<T>) => Promise<T>;
}

/** Rows between progress reports. */
const PROGRESS_ROWS = 1000;
const count = (n: number) => n.toLocaleString('en-GB');

/** At most this many errors are answered; failSummary gives the total. */
export const MAX_LISTED_ERRORS = 1000;
/** Values are quoted in messages up to this many characters. */
const MAX_VALUE_SHOWN = 100;
const PAGE = 500;
/** Lines handed to the bulk writer at a time, inside the one transaction. */
const COMMIT_SLICE = 1000;

/** A compact line as the rate-cards bulk writer takes it (money back in pounds). */
function bulkLine(line: UploadLine): BulkLine {
  const stores: BulkLine['stores'] = [];
  const s = line.stores;
  for (let i = 0; i < s.length; i += STORE_STRIDE) {
    stores.push({ storeID: s[i], revenue: s[i + 1] / 100, commission: s[i + 2] / 100, active: s[i + 3] === 1 });
  }
  return {
    sku: line.sku,
    skuTypeID: line.skuTypeID,
    description: line.description,
    customerRRP: line.customerRRP / 100,
    customerMonthly: line.customerMonthly / 100,
    contractMonths: line.contractMonths,
    bandID: line.bandID,
    legacySKU: line.legacySKU,
    stores,
  };
}

const LABELS = new Map(LINE_FIELDS.map((f) => [f.field, f.label]));

class UploadRefused extends BadRequestException {
  constructor(total: number, listData: UploadError[]) {
    const failSummary = `${total} ${total === 1 ? 'error' : 'errors'}` + (total > listData.length ? ` (the first ${listData.length} are listed)` : '');
    super({ statusCode: HttpStatus.BAD_REQUEST, validationResult: { fail: true, failSummary, failMessages: {} }, listData });
  }
}

/** Name → id, ignoring case and surrounding spaces; a name two records share maps to -1 (ambiguous). */
function byName(rows: Array<Record<string, unknown>>, idField: string): Map<string, number> {
  const map = new Map<string, number>();
  for (const row of rows) {
    const key = textOf(row.name ?? '')
      .trim()
      .toLowerCase();
    map.set(key, map.has(key) ? -1 : Number(row[idField]));
  }
  return map;
}

/**
 * The xlsx upload of rate card lines: every worksheet streamed row by row, mapped, converted and
 * validated; written only when nothing is wrong, all in one transaction.
 */
@Injectable()
export class RateCardUploadService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly files: FilesService,
    private readonly saleTypes: SaleTypesService,
    private readonly skuTypes: SkuTypesService,
    private readonly bands: BandsService,
    private readonly lines: RateCardLinesService,
    private readonly xlsx: XlsxReader,
  ) {}

  /** The stores of a sale type (by name); 400 on `field` when there is no such sale type. */
  async saleTypeStores(saleTypeID: number, user: AuthUser, field = 'saleTypeID'): Promise<SaleTypeStoreInfo[]> {
    const result = await this.saleTypes.list({ saleTypeID: String(saleTypeID) }, user);
    const row = result.listData[0] as { saleTypeStores?: SaleTypeStoreInfo[] } | undefined;
    if (!row) throw new InvalidInput({ [field]: 'Choose a sale type that exists' });
    return (row.saleTypeStores ?? []).map((s) => ({ storeID: s.storeID, storeName: s.storeName }));
  }

  /** GET /rateCardLine/uploadFields?saleTypeID=n */
  async fields(query: Record<string, unknown>, user: AuthUser): Promise<UploadField[]> {
    const raw = query.saleTypeID;
    const unknown = Object.keys(query).filter((k) => k !== 'saleTypeID' && k !== 'token');
    if (unknown.length) throw new InvalidInput(Object.fromEntries(unknown.map((k) => [k.slice(0, 40), `Unknown parameter ${k.slice(0, 40)}`])));
    if (typeof raw !== 'string' || !/^\d{1,7}$/.test(raw) || Number(raw) < 1) {
      throw new InvalidInput({ saleTypeID: 'saleTypeID must be a sale type id (up to 7 digits)' });
    }
    return uploadFields(await this.saleTypeStores(Number(raw), user));
  }

  /** Every row of a master list, through its service (the list engine), a page at a time. */
  private async allRows(service: SkuTypesService | BandsService, user: AuthUser): Promise<Array<Record<string, unknown>>> {
    const rows: Array<Record<string, unknown>> = [];
    for (let page = 0; ; page += 1) {
      const result = await service.list({ page: String(page), pageLength: String(PAGE), sort: service.definition.idField }, user);
      rows.push(...result.listData);
      if (page + 1 >= result.page.pageCount) return rows;
    }
  }

  /**
   * What POST /rateCardLines/excel checks before it queues the job: the body, the sale type,
   * card and mapping, and that the file is the user's xlsx whose zip directory is within the
   * limits (a zip bomb is refused here, unparsed). Any of these is a 400 at once.
   */
  async prepare(body: unknown, user: AuthUser) {
    const request = parseUploadRequest(body);
    const stores = await this.saleTypeStores(request.saleTypeID, user);
    const card = await this.dataSource.getRepository(RateCard).existsBy({ rateCardID: request.rateCardID });
    if (!card) throw new InvalidInput({ rateCardID: 'Choose a rate card that exists' });
    const plans = planSheets(request.mappings, stores);
    if (plans.size === 0) throw new InvalidInput({ mappings: 'Map the columns of at least one worksheet' });
    const opened = await this.files.openUpload(request.fileID, user, 'rateCards', 'xlsx');
    return { request, plans, opened };
  }

  /** The upload itself (the rateCardUpload job): validates every row, and with commit writes all in one transaction. */
  async upload(body: unknown, user: AuthUser, hooks: UploadHooks = {}): Promise<UploadSummary> {
    const { progress } = hooks;
    const { request, plans, opened } = await this.prepare(body, user);

    const skuTypes = byName(await this.allRows(this.skuTypes, user), 'skuTypeID');
    const bands = byName(await this.allRows(this.bands, user), 'bandID');

    const errors: UploadError[] = [];
    let errorCount = 0;
    /** lower-cased SKU → where it was first seen. */
    const seen = new Map<string, { sheet: string; row: number }>();
    const lines: UploadLine[] = [];
    const summary: UploadSummary = {
      worksheets: 0,
      skippedWorksheets: [],
      rows: 0,
      lines: 0,
      added: 0,
      updated: 0,
      lineStores: 0,
      committed: false,
    };

    await this.xlsx.forEachWorksheet(opened.path, async (sheet) => {
      const plan = plans.get(sheet.name);
      if (!plan) {
        summary.skippedWorksheets.push(sheet.name);
        return;
      }
      summary.worksheets += 1;
      // The header row is found as the wizard's headers were (worksheetHeaders), or is the one the user chose there.
      const chosenRow = request.headerRows.get(sheet.name);
      requireHeader(sheet.name, await sheet.header(chosenRow), chosenRow);
      let sheetRows = 0;
      for await (const row of sheet.rows()) {
        sheetRows += 1;
        if (progress && sheetRows % PROGRESS_ROWS === 0) {
          const declared = sheet.declaredRows();
          await progress(
            `Validating sheet ${sheet.index + 1} of ${sheet.count}: row ${count(row.number)}${declared ? ` of ${count(declared)}` : ''}`,
            // Validation is most of the work: 90 % of the bar, the commit the rest.
            ((sheet.index + sheet.fractionRead()) / sheet.count) * (request.commit ? 90 : 100),
          );
        }
        if (plan.columns.every((col) => isBlank(row.cells[col]))) continue;
        summary.rows += 1;
        const reported = new Set<number>();
        const fail = (col: number, error: string) => {
          // A column shared by several stores (the all-stores revenue) is reported once.
          if (reported.has(col)) return;
          reported.add(col);
          errorCount += 1;
          if (errors.length < MAX_LISTED_ERRORS) {
            const value = Array.from(cellText(row.cells[col])).slice(0, MAX_VALUE_SHOWN).join('');
            errors.push({ worksheet: sheet.name, row: row.number, col, value, error, message: uploadErrorMessage(row.number, col, value, error) });
          }
        };
        const line = this.convertRow(row, plan, sheet.name, { skuTypes, bands, seen }, fail);
        // Once anything is wrong nothing will be written: stop keeping lines.
        if (line && errorCount === 0) lines.push(line);
      }
    });

    if (summary.worksheets === 0) {
      throw new InvalidInput({ mappings: 'None of the mapped worksheets is in the file' });
    }
    if (errorCount) throw new UploadRefused(errorCount, errors);

    summary.lines = lines.length;
    for (let i = 0; i < lines.length; i += 1) summary.lineStores += lines[i].stores.length / STORE_STRIDE;
    if (!request.commit) {
      const existing = await lineIDsBySku(this.dataSource.manager, request.rateCardID, request.saleTypeID);
      summary.updated = lines.filter((l) => existing.has(l.sku.toLowerCase())).length;
      summary.added = lines.length - summary.updated;
      return summary;
    }
    // One transaction; the core's bulk writer is fed a slice at a time, so only the compact
    // lines and one slice of plain objects are in memory. A job commits through commitOnce,
    // so a retried job writes nothing twice.
    const transaction = hooks.transaction ?? (<T>(work: (manager: EntityManager) => Promise<T>) => this.dataSource.transaction(work));
    const written = await transaction(async (manager) => {
      const total = { added: 0, updated: 0, lineStores: summary.lineStores };
      for (let i = 0; i < lines.length; i += COMMIT_SLICE) {
        await progress?.(`Committing ${count(i)} of ${count(lines.length)} lines`, 90 + (i / lines.length) * 10);
        const slice = lines.slice(i, i + COMMIT_SLICE).map(bulkLine);
        const result = await this.lines.bulkUpsert(manager, request.rateCardID, request.saleTypeID, slice, request.fileID, user);
        total.added += result.added;
        total.updated += result.updated;
      }
      return total;
    });
    return { ...summary, added: written.added, updated: written.updated, lineStores: written.lineStores, committed: true };
  }

  /** One row to a line, or null with its errors reported through `fail`. */
  private convertRow(
    row: XlsxRow,
    plan: SheetPlan,
    sheetName: string,
    lookups: { skuTypes: Map<string, number>; bands: Map<string, number>; seen: Map<string, { sheet: string; row: number }> },
    fail: (col: number, error: string) => void,
  ): UploadLine | null {
    let valid = true;
    const cell = (col: number | undefined): CellValue | undefined => (col === undefined ? undefined : row.cells[col]);
    function take<T>(col: number | undefined, converted: Converted<T>, fallback: T): T {
      if (converted.ok) return converted.value;
      valid = false;
      fail(col!, converted.error);
      return fallback;
    }
    const { line: at } = plan;
    const label = (field: string) => LABELS.get(field) ?? field;

    const sku = take(at.sku, skuCell(cell(at.sku), label('sku'), true), null);
    if (sku !== null) {
      const key = sku.toLowerCase();
      const first = lookups.seen.get(key);
      if (first) {
        valid = false;
        fail(at.sku!, `SKU ${sku} is already on row ${first.row}${first.sheet === sheetName ? '' : ` of worksheet ${first.sheet}`}`);
      } else {
        lookups.seen.set(key, { sheet: sheetName, row: row.number });
      }
    }
    const skuTypeName = take(at.skuTypeName, textCell(cell(at.skuTypeName), label('skuTypeName'), NAME_MAX_LENGTH, true), null);
    let skuTypeID = 0;
    if (skuTypeName !== null) {
      const found = lookups.skuTypes.get(skuTypeName.toLowerCase());
      if (found === undefined || found < 0) {
        valid = false;
        fail(at.skuTypeName!, found === undefined ? `There is no SKU type called ${skuTypeName}` : `More than one SKU type is called ${skuTypeName}`);
      } else skuTypeID = found;
    }
    const description = take(at.description, textCell(cell(at.description), label('description'), DESCRIPTION_MAX_LENGTH, true), null);
    const customerRRP = at.customerRRP === undefined ? 0 : take(at.customerRRP, moneyCell(cell(at.customerRRP), label('customerRRP')), 0);
    const customerMonthly = at.customerMonthly === undefined ? 0 : take(at.customerMonthly, moneyCell(cell(at.customerMonthly), label('customerMonthly')), 0);
    const contractMonths = at.contractMonths === undefined ? 0 : take(at.contractMonths, monthsCell(cell(at.contractMonths), label('contractMonths')), 0);
    let bandID: number | null = null;
    if (at.bandName !== undefined) {
      const bandName = take(at.bandName, textCell(cell(at.bandName), label('bandName'), NAME_MAX_LENGTH, false), null);
      if (bandName !== null) {
        const found = lookups.bands.get(bandName.toLowerCase());
        if (found === undefined || found < 0) {
          valid = false;
          fail(at.bandName, found === undefined ? `There is no band called ${bandName}` : `More than one band is called ${bandName}`);
        } else bandID = found;
      }
    }
    const legacySKU = at.legacySKU === undefined ? null : take(at.legacySKU, skuCell(cell(at.legacySKU), label('legacySKU'), false), null);

    // Stores: the store's own column wins when its cell holds a value; a blank one falls back to the all-stores column.
    const packed: number[] = [];
    for (const store of plan.stores) {
      const pick = (own: number | undefined, all: number | undefined) => (own !== undefined && !isBlank(row.cells[own]) ? own : (all ?? own));
      const revenueCol = pick(store.revenue, store.allRevenue);
      const commissionCol = pick(store.commission, store.allCommission);
      const revenue = revenueCol === undefined ? 0 : take(revenueCol, moneyCell(cell(revenueCol), 'Revenue'), 0);
      const commission = commissionCol === undefined ? 0 : take(commissionCol, moneyCell(cell(commissionCol), 'Commission'), 0);
      const active = store.active === undefined ? null : take(store.active, activeCell(cell(store.active), 'Active'), null);
      // Unticked with revenue and commission both 0: no row; otherwise kept (inactive when unticked).
      // Without an active column a store is active when it has revenue or commission.
      const isActive = active ?? (revenue > 0 || commission > 0);
      if (!isActive && revenue === 0 && commission === 0) continue;
      packed.push(store.storeID, revenue, commission, isActive ? 1 : 0);
    }
    if (!valid) return null;
    return {
      sku: sku!,
      skuTypeID,
      description: description!,
      customerRRP,
      customerMonthly,
      contractMonths,
      bandID,
      legacySKU,
      stores: Float64Array.from(packed),
    };
  }
}
