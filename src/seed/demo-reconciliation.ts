import type { DataSource } from 'typeorm';
import type { JobsService } from '../modules/jobs/jobs.service';
import type { UsersService } from '../modules/users/users/users.service';
import { addDays, addMonths, insertRows, rng } from './demo-sales';

/**
 * Issue 10 demo reconciliation: the supplier's statements for the last two full months, as if
 * uploaded by the reconciliation manager. Each pays most of the month's sales exactly (same
 * store, date, order reference, SKU and revenue), some at a different revenue (reconciled by
 * hand with an adjustment), and lists a few orders the franchise never recorded. Issue 24: the
 * match rule 'sale date within 3 days' is set, each sheet pays two sales with their date a day
 * or two off (matched by that rule) and claws back one refunded sale (a line of negative revenue,
 * matched to the refund). The older sheet is auto-reconciled through the job (as a user would, with its run to undo); the newer
 * one waits for its first Auto Reconcile.
 */

const P_PAID_EXACTLY = 0.9;
const P_PAID_DIFFERENTLY = 0.04;
const P_UNKNOWN_ORDER = 0.01;
/** Lines per sheet paid with the sale date off by a day or two (the match rule's 3 days cover them). */
const DATE_OFF = [2, -1];

export interface DemoReconciliationResult {
  sheets: number;
  lines: number;
  autoRec: Record<string, number> | null;
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

export async function seedDemoReconciliation(
  dataSource: DataSource,
  today: string,
  jobs: JobsService,
  users: UsersService,
  reconcilerEmail: string,
): Promise<DemoReconciliationResult | null> {
  const [{ n }] = await dataSource.query<Array<{ n: unknown }>>('SELECT COUNT(*) AS n FROM recSheet');
  if (Number(n) > 0) return null;
  const [reconciler] = await dataSource.query<Array<{ userID: unknown }>>('SELECT userID FROM user WHERE email = ?', [reconcilerEmail]);
  if (!reconciler) return null;
  const user = await users.loadAuthUser(Number(reconciler.userID));
  if (!user) return null;
  const random = rng(20261010);
  const nowStamp = new Date().toISOString().slice(0, 23).replace('T', ' ');
  const thisMonth = `${today.slice(0, 7)}-01`;
  const sheetIDs: number[] = [];
  let lines = 0;

  await dataSource.transaction(async (manager) => {
    // Issue 24: the supplier's template, as if saved from the upload wizard: its statements'
    // headers (normalised, as the wizard saves them) and the field each feeds.
    const headers = {
      'txn date': 'saleDate',
      branch: 'storeName',
      'order no': 'orderRef',
      'product code': 'sku',
      product: 'description',
      'net revenue': 'revenue',
    };
    await insertRows(
      manager,
      'recImportTemplate',
      ['name', 'mappings', 'createdByUserName', 'createdDate', 'updatedByUserName', 'updatedDate'],
      [['Acme Mobile', JSON.stringify(headers), user.name, nowStamp, user.name, nowStamp]],
    );
    // Issue 24: the one match rule, as an administrator would set it: the supplier's dates may be out by up to 3 days.
    await insertRows(
      manager,
      'recMatchRule',
      ['rule', 'position', 'days', 'toleranceAmount', 'tolerancePercent', 'createdByUserName', 'createdDate', 'updatedByUserName', 'updatedDate'],
      [['saleDateWithin', 1, 3, null, null, user.name, nowStamp, user.name, nowStamp]],
    );
    for (const back of [2, 1]) {
      const from = addMonths(thisMonth, -back);
      const to = addDays(addMonths(from, 1), -1);
      const name = `Supplier statement ${MONTHS[Number(from.slice(5, 7)) - 1]} ${from.slice(0, 4)}`;
      // The supplier's statement arrives about ten days after the month ends.
      await insertRows(
        manager,
        'recSheet',
        ['name', 'recDate', 'createdByUserName', 'createdDate', 'updatedByUserName', 'updatedDate'],
        [[name, addDays(to, 10) > today ? today : addDays(to, 10), user.name, nowStamp, user.name, nowStamp]],
      );
      const [{ id }] = await manager.query<Array<{ id: unknown }>>('SELECT MAX(recSheetID) AS id FROM recSheet');
      const recSheetID = Number(id);
      sheetIDs.push(recSheetID);
      const sales: Array<{ storeID: unknown; storeName: string; saleDate: unknown; orderRef: string; sku: string; description: string; revenue: unknown }> =
        await manager.query(
          'SELECT s.storeID AS storeID, st.name AS storeName, s.saleDate AS saleDate, s.orderRef AS orderRef, s.sku AS sku, l.description AS description, s.revenue AS revenue ' +
            'FROM sale s INNER JOIN store st ON st.storeID = s.storeID INNER JOIN rateCardLine l ON l.rateCardLineID = s.rateCardLineID ' +
            "WHERE s.saleDate >= ? AND s.saleDate <= ? AND s.isRefund = ? AND s.currentHistoryStep IN ('recorded', 'modified') AND s.revenue > 0 ORDER BY s.saleID",
          [from, to, 0],
        );
      const rows: unknown[][] = [];
      const seen = new Set<string>();
      const line = (saleDate: string, storeID: number, storeName: string, orderRef: string, sku: string, description: string, revenue: number) => {
        if (seen.has(orderRef)) return;
        seen.add(orderRef);
        rows.push([
          recSheetID,
          saleDate,
          storeID,
          storeName,
          orderRef,
          sku,
          description,
          revenue,
          'Statement',
          rows.length + 2,
          0,
          '',
          '',
          0,
          '',
          user.name,
          nowStamp,
          user.name,
          nowStamp,
        ]);
      };
      let datesOff = 0;
      for (const sale of sales) {
        const r = random();
        const saleDate = String(sale.saleDate).slice(0, 10);
        const revenue = Number(sale.revenue);
        if (r < P_PAID_EXACTLY) {
          // A couple paid with the supplier's own date, a day or two from the sale's.
          const lineDate = datesOff < DATE_OFF.length ? addDays(saleDate, DATE_OFF[datesOff++]) : saleDate;
          line(lineDate, Number(sale.storeID), sale.storeName, sale.orderRef, sale.sku, sale.description, revenue);
        } else if (r < P_PAID_EXACTLY + P_PAID_DIFFERENTLY) {
          // Paid, but not what the rate card said: a clawback or a bonus of a few pounds.
          const revenuePaid = Math.max(0, Math.round((revenue + (random() < 0.6 ? -1 : 1) * (2 + Math.floor(random() * 12))) * 100) / 100);
          line(saleDate, Number(sale.storeID), sale.storeName, sale.orderRef, sale.sku, sale.description, revenuePaid);
        }
        if (random() < P_UNKNOWN_ORDER) {
          line(
            saleDate,
            Number(sale.storeID),
            sale.storeName,
            `9${String(Math.floor(random() * 1e15)).padStart(19, '0')}`,
            sale.sku,
            sale.description,
            revenue,
          );
        }
      }
      // One clawback: the supplier takes back what it paid for a sale refunded this month (the
      // first refund whose order no line of this sheet pays), at the refund's date and revenue.
      const refunds: typeof sales = await manager.query(
        'SELECT s.storeID AS storeID, st.name AS storeName, s.saleDate AS saleDate, s.orderRef AS orderRef, s.sku AS sku, l.description AS description, s.revenue AS revenue ' +
          'FROM sale s INNER JOIN store st ON st.storeID = s.storeID INNER JOIN rateCardLine l ON l.rateCardLineID = s.rateCardLineID ' +
          "WHERE s.saleDate >= ? AND s.saleDate <= ? AND s.isRefund = ? AND s.currentHistoryStep IN ('recorded', 'modified') AND s.revenue < 0 ORDER BY s.saleID",
        [from, to, 1],
      );
      const clawback = refunds.find((refund) => !seen.has(refund.orderRef));
      if (clawback) {
        line(
          String(clawback.saleDate).slice(0, 10),
          Number(clawback.storeID),
          clawback.storeName,
          clawback.orderRef,
          clawback.sku,
          clawback.description,
          Number(clawback.revenue),
        );
      }
      await insertRows(
        manager,
        'recSheetLine',
        [
          'recSheetID',
          'saleDate',
          'storeID',
          'storeName',
          'orderRef',
          'sku',
          'description',
          'revenue',
          'worksheet',
          'rowNumber',
          'adjustment',
          'adjustmentReason',
          'autoRecNotes',
          'saleID',
          'recByUserName',
          'createdByUserName',
          'createdDate',
          'updatedByUserName',
          'updatedDate',
        ],
        rows,
      );
      lines += rows.length;
    }
  });

  // The older statement goes through Auto Reconcile as the reconciliation manager would run it.
  const operation = await jobs.enqueue('recSheetAutoRec', { recSheetID: sheetIDs[0] }, user);
  const [done] = await jobs.waitForParts([operation.operationID]);
  return { sheets: sheetIDs.length, lines, autoRec: done?.state === 'completed' ? (done.result as Record<string, number>) : null };
}
