/**
 * npm run bench -- receipt: one receipt scan through the real HTTP API (POST /api/file/saleOcr).
 *
 * Builds the app on a temporary SQLite database, a store, a sale type, a rate card with
 * BENCH_RECEIPT_LINES (2,000) lines in the store and an analysis field, and a seller with
 * RecordSales there; draws a 40-line receipt PNG (test/support/receipt-image.ts) and scans it
 * twice: the first scan starts the tesseract worker (loads the WebAssembly core and the English
 * model), the second reuses it. Prints the seconds of each and the peak RSS of the process
 * (the worker is a thread of it) sampled every 50 ms.
 */
import { receiptPng } from '../test/support/receipt-image';
import { ADMIN_PASSWORD, Memory, startBenchApi } from './bench-api';

const LINES = Number(process.env.BENCH_RECEIPT_LINES || 2000);
const ORDER_REF = '31415926535897932384';

/** A till receipt of 40 lines: the order reference in groups of 5, the date, items by SKU, a plan. */
function receiptLines(): string[] {
  const lines = ['ACME MOBILE - HIGH STREET', 'TEL 0161 496 0000', `ORDER REF: ${ORDER_REF.match(/\d{5}/g)!.join(' ')}`, 'DATE: 12/03/2026 14:31'];
  for (let i = 0; i < 30; i++) lines.push(`SKU-${String(i * 37).padStart(6, '0')}  ${(10 + i).toFixed(2)}`);
  lines.push('PLAN: GOLD', 'SUBTOTAL 735.00', 'VAT 147.00', 'TOTAL 882.00', 'THANK YOU');
  return lines.slice(0, 40);
}

export async function receiptScanBench(): Promise<void> {
  const api = await startBenchApi('receipt-bench-');
  const { call } = api;
  try {
    const storeType = (await call('POST', '/storeType', { name: 'Bench stores' })).data;
    const store = (await call('POST', '/store', { name: 'Bench store', storeTypeID: storeType.storeTypeID })).data;
    const saleType = (await call('POST', '/saleType', { name: 'Bench sale type', storeIDs: [store.storeID] })).data;
    const skuType = (await call('POST', '/skuType', { name: 'Handset' })).data;
    const card = (await call('POST', '/rateCard', { name: 'Bench card', fromDate: '2020-01-01' })).data;
    for (let i = 0; i < LINES; i++) {
      await call('POST', '/rateCardLine', {
        rateCardID: card.rateCardID,
        saleTypeID: saleType.saleTypeID,
        skuTypeID: skuType.skuTypeID,
        sku: `SKU-${String(i).padStart(6, '0')}`,
        description: `Bench product ${i}`,
        customerRRP: 0,
        customerMonthly: 10,
        contractMonths: 24,
        rateCardLineStores: [{ storeID: store.storeID, active: true, revenue: 100, commission: 10 }],
      });
    }
    await call('POST', '/analysisField', {
      name: 'Plan',
      inputType: 'single',
      analysisListItems: [{ code: 'GOLD' }, { code: 'SILVER' }],
      storeIDs: [store.storeID],
    });
    const profile = (
      await call('POST', '/accessProfile', { name: 'Seller', systemAreas: 'RecordSales', storeIDs: [store.storeID], showRevenue: true, showCommission: true })
    ).data;
    await call('POST', '/user', {
      name: 'Seller',
      email: 'seller@example.com',
      password: ADMIN_PASSWORD,
      confirm: ADMIN_PASSWORD,
      accessProfileID: profile.accessProfileID,
    });
    await api.login('seller@example.com', ADMIN_PASSWORD);

    const png = receiptPng(receiptLines());
    const width = png.readUInt32BE(16);
    const height = png.readUInt32BE(20);
    console.log(`[receipt] ${LINES} lines on the card; receipt PNG ${width} × ${height} px, ${(png.length / 1024).toFixed(0)} KB`);
    console.log(`[receipt] process RSS before the first scan: ${(process.memoryUsage().rss / 1048576).toFixed(0)} MB`);
    const memory = new Memory();
    for (const label of ['first scan (starts the worker)', 'second scan (warm worker)  ']) {
      const form = new FormData();
      form.append('file', new Blob([png], { type: 'image/png' }), 'receipt.png');
      form.append('saleTypeID', String(saleType.saleTypeID));
      form.append('rateCardID', String(card.rateCardID));
      form.append('currentStoreID', String(store.storeID));
      if (global.gc) global.gc();
      memory.start();
      const t0 = process.hrtime.bigint();
      const data = (await call('POST', '/file/saleOcr', undefined, form)).data;
      const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
      const mem = memory.stop();
      const found = `${data.orderRefs.length} order ref${data.orderRefs[0] === ORDER_REF ? ' (right)' : ' (WRONG)'}, dates ${data.saleDates.join(' ')}, ${data.rateCardLineStores.length}/30 SKUs, ${data.saleAnalysisValues.length} analysis value`;
      console.log(`[receipt] ${label}: ${seconds.toFixed(2)} s, ${mem}; ${found}`);
    }
  } finally {
    await api.close();
  }
}
