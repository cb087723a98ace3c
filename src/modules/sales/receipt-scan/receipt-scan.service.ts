import { Injectable } from '@nestjs/common';
import type { IncomingMessage } from 'node:http';
import type { ObjectLiteral } from 'typeorm';
import type { AuthUser } from '../../../common/auth/auth-user';
import { assertStoreAccess } from '../../../common/auth/store-scope';
import { InvalidInput } from '../../../common/http/validation-result';
import type { ListDefinition } from '../../../common/list/list-definition';
import { MAX_PAGE_LENGTH } from '../../../common/list/list-query';
import { ListService } from '../../../common/list/list.service';
import { FILE_FIELD } from '../../files';
import { FilesService } from '../../files';
import { analysisFieldStoreList } from '../../master-data';
import { SKU_MAX_LENGTH } from '../../rate-cards';
import { rateCardLineStoreList } from '../../rate-cards';
import { imageFileSize, withinImageLimits } from '../../files';
import { OcrEngine, OcrFailed } from './ocr-engine';
import { findOrderRefs, findSaleDates, skuCandidates, tokenPosition } from './receipt-text';

/** Spec 01 sections 5 and 9: one image, 50 MB at most. */
export const RECEIPT_MAX_BYTES = 50 * 1024 * 1024;
/** The receipts library's type that takes a jpeg or a png. */
const RECEIPT_TYPE = 'image';
export const UNREADABLE = 'The receipt could not be read';
/**
 * The most pixels an image may declare: tesseract decodes the whole image into memory (4 bytes a
 * pixel, and copies), and a PNG of one colour packs a gigapixel into kilobytes. 50 megapixels is
 * more than any phone camera's default photo.
 */
export const MAX_PIXELS = 50_000_000;

const ID_7 = /^\d{1,7}$/;
const ID_FIELDS = { saleTypeID: 'Sale type', rateCardID: 'Rate card', currentStoreID: 'Store' } as const;
export type ReceiptScanIDs = Record<keyof typeof ID_FIELDS, number>;

/** The most SKU candidates looked up for one receipt (a page of text gives a few thousand). */
const MAX_SKU_CANDIDATES = 20_000;
/** Values per IN list (the list engine takes at most 1000 values per filter). */
const CANDIDATES_PER_QUERY = 1000;

export interface ReceiptScan {
  orderRefs: string[];
  saleDates: string[];
  rateCardLineStores: Record<string, unknown>[];
  saleAnalysisValues: Array<{ analysisFieldID: number; analysisValue: string }>;
}

/** The form fields sent with the image: whole numbers of up to 7 digits, else a 400 naming each. */
export function receiptScanIDs(fields: Record<string, string>): ReceiptScanIDs {
  const errors: Record<string, string> = {};
  const ids = {} as ReceiptScanIDs;
  for (const [name, label] of Object.entries(ID_FIELDS) as Array<[keyof ReceiptScanIDs, string]>) {
    const raw = (fields[name] ?? '').trim();
    if (!raw) errors[name] = `${label} is required`;
    else if (!ID_7.test(raw) || Number(raw) === 0) errors[name] = `${label} must be an id of up to 7 digits`;
    else ids[name] = Number(raw);
  }
  if (Object.keys(errors).length) throw new InvalidInput(errors);
  return ids;
}

/**
 * POST /file/saleOcr (docs/http-api.md, Sales): the receipt image is kept in the receipts library,
 * read by tesseract (OcrEngine) and what its text says is matched against the rate card and the
 * analysis fields of the store. A refused or unreadable receipt is not kept.
 */
@Injectable()
export class ReceiptScanService {
  constructor(
    private readonly files: FilesService,
    private readonly list: ListService,
    private readonly ocr: OcrEngine,
  ) {}

  async scan(req: IncomingMessage, user: AuthUser): Promise<ReceiptScan & { fileID: number }> {
    const { file, fields } = await this.files.uploadWithFields('receipts', RECEIPT_TYPE, req, user, { maxBytes: RECEIPT_MAX_BYTES });
    try {
      const ids = receiptScanIDs(fields);
      assertStoreAccess(user, ids.currentStoreID);
      const opened = await this.files.open(file);
      const text = await this.read(opened.path);
      return { ...(await this.recognise(text, ids, user)), fileID: file.fileID };
    } catch (error) {
      await this.files.remove(file.fileID).catch(() => undefined);
      throw error;
    }
  }

  /**
   * The text of the image, or a 400 when tesseract cannot read it or finds no text at all. An image
   * declaring more than MAX_PIXELS is refused before it is decoded.
   */
  async read(path: string): Promise<string> {
    const size = await imageFileSize(path);
    if (!size || size.width === 0 || size.height === 0) throw new InvalidInput({ [FILE_FIELD]: UNREADABLE }, UNREADABLE);
    if (!withinImageLimits(size, { maxPixels: MAX_PIXELS })) {
      const message = `The receipt image is too large to read: ${size.width} × ${size.height} pixels, at most ${MAX_PIXELS / 1e6} megapixels`;
      throw new InvalidInput({ [FILE_FIELD]: message }, message);
    }
    let text: string;
    try {
      text = await this.ocr.recognize(path);
    } catch (error) {
      if (error instanceof OcrFailed) throw new InvalidInput({ [FILE_FIELD]: UNREADABLE }, UNREADABLE);
      throw error;
    }
    if (!/[A-Za-z0-9]/.test(text)) throw new InvalidInput({ [FILE_FIELD]: `${UNREADABLE}: no text was found` }, UNREADABLE);
    return text;
  }

  /** What the text says, for the store, sale type and rate card of the form. */
  async recognise(text: string, ids: ReceiptScanIDs, user: AuthUser): Promise<ReceiptScan> {
    const [rateCardLineStores, saleAnalysisValues] = await Promise.all([this.lineStores(text, ids, user), this.analysisValues(text, ids, user)]);
    return { orderRefs: findOrderRefs(text), saleDates: findSaleDates(text), rateCardLineStores, saleAnalysisValues };
  }

  /**
   * The active line stores of the card, sale type and store whose SKU (the store's, else the
   * line's) is on the receipt, as GET /rateCardLineStores shows them to this user, in the order
   * the receipt shows them: every piece of the text that could be a SKU is looked up by the list
   * engine (an IN list on the indexed filters), never every line of the card.
   */
  private async lineStores(text: string, ids: ReceiptScanIDs, user: AuthUser): Promise<Record<string, unknown>[]> {
    const candidates = [...skuCandidates(text, SKU_MAX_LENGTH)].slice(0, MAX_SKU_CANDIDATES);
    const position = new Map(candidates);
    const filters = {
      rateCardID: String(ids.rateCardID),
      saleTypeID: String(ids.saleTypeID),
      storeID: String(ids.currentStoreID),
      active: '1',
    };
    const rows: Record<string, unknown>[] = [];
    for (let i = 0; i < candidates.length; i += CANDIDATES_PER_QUERY) {
      const sku = candidates
        .slice(i, i + CANDIDATES_PER_QUERY)
        .map(([candidate]) => candidate)
        .join(',');
      rows.push(...(await this.all(rateCardLineStoreList, { ...filters, sku }, user)));
    }
    const at = (row: Record<string, unknown>) => position.get(String(row.sku).toLowerCase()) ?? Number.MAX_SAFE_INTEGER;
    return rows.sort((a, b) => at(a) - at(b) || Number(a.rateCardLineStoreID) - Number(b.rateCardLineStoreID));
  }

  /** For each single or multi analysis field of the store, every list item whose code is on the receipt. */
  private async analysisValues(text: string, ids: ReceiptScanIDs, user: AuthUser): Promise<ReceiptScan['saleAnalysisValues']> {
    const links = await this.all(
      analysisFieldStoreList,
      { storeID: String(ids.currentStoreID), inputType: 'single,multi', fkJoins: 'analysisField,analysisField.analysisListItems' },
      user,
    );
    const found: Array<{ analysisFieldID: number; analysisValue: string; at: number }> = [];
    for (const link of links) {
      const field = link.analysisField as { analysisFieldID: number; analysisListItems?: Array<{ code: string }> } | undefined;
      for (const item of field?.analysisListItems ?? []) {
        const at = tokenPosition(text, item.code);
        if (at >= 0) found.push({ analysisFieldID: field!.analysisFieldID, analysisValue: item.code, at });
      }
    }
    return found.sort((a, b) => a.at - b.at).map(({ analysisFieldID, analysisValue }) => ({ analysisFieldID, analysisValue }));
  }

  /** Every row of a list the filters select (with its fkJoins), read page by page through the list engine. */
  private async all<T extends ObjectLiteral>(definition: ListDefinition<T>, query: Record<string, string>, user: AuthUser): Promise<Record<string, unknown>[]> {
    const rows: Record<string, unknown>[] = [];
    for (let page = 0; ; page++) {
      const q = this.list.parse(definition, { ...query, page: String(page), pageLength: String(MAX_PAGE_LENGTH) }, user);
      const result = await this.list.run(definition, q, user);
      rows.push(...result.listData);
      if (page + 1 >= result.page.pageCount) return rows;
    }
  }
}
