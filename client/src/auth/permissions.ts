import type { Me } from '../api/types';

/** System areas an access profile can grant (spec 01 §6, spec 02 §6). */
export type SystemArea =
  | 'RecordSales'
  | 'UpdateSales'
  | 'RecordRefunds'
  | 'RecordCreditFails'
  | 'RevenueReconciliation'
  | 'SystemSetup'
  | 'UserSetup'
  | 'Announce'
  | 'AccessAPI'
  | 'ViewYearCards'
  | 'RecordTargets'
  | 'RecordDailyStats'
  | 'ApproveRotaLines'
  | 'RecordRotaLines';

/** The profile's areas; the server sends them as one 'A, B, C' string. */
export function systemAreasOf(me: Me | undefined): string[] {
  return splitSystemAreas(me?.accessProfile?.systemAreas);
}

export function splitSystemAreas(systemAreas: string | null | undefined): string[] {
  return (systemAreas ?? '')
    .split(',')
    .map((area) => area.trim())
    .filter(Boolean);
}

/**
 * Whether the signed-in user's access profile grants an area. The client must
 * hide whatever this refuses: the server answers 403 to it, and a 403 logs
 * the user out.
 */
export function can(me: Me | undefined, area: SystemArea): boolean {
  return systemAreasOf(me).includes(area);
}

export function canAny(me: Me | undefined, areas: SystemArea[]): boolean {
  return areas.some((area) => can(me, area));
}

/** Stores the access profile grants. */
export function storesOf(me: Me | undefined): { storeID: number; name: string }[] {
  return (me?.accessProfile?.accessProfileStores ?? []).map((s) => ({
    storeID: s.storeID,
    name: s.store?.name ?? '(Store name not found)',
  }));
}

/** Spec 01 §6: Sales needs at least one store and one of the sales areas. */
export function canUseSales(me: Me | undefined): boolean {
  return storesOf(me).length > 0 && canAny(me, ['RecordSales', 'RecordRefunds', 'UpdateSales']);
}
