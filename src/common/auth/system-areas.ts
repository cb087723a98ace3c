/** Every system area an access profile can grant (spec 01 and 02, section 6). */
export const SYSTEM_AREAS = {
  RecordSales: 'Record new sales',
  UpdateSales: 'Edit recorded sales and change their rate card in bulk',
  RecordRefunds: 'Refund sales',
  RecordCreditFails: 'Record credit check failures',
  RevenueReconciliation: 'Upload revenue sheets, reconcile and unreconcile sales',
  SystemSetup: 'Set up master data, rate cards and metrics; download uploaded files',
  UserSetup: "Manage users, access profiles and branding; edit other users' logins",
  Announce: 'Publish announcements and see who acknowledged them',
  AccessAPI: 'Download Excel exports and see API details',
  ViewYearCards: 'See year-to-date cards on the dashboard',
  RecordTargets: 'Set monthly targets',
  RecordDailyStats: 'Record daily footfall, chats and staff',
  ApproveRotaLines: 'Approve rota lines',
  RecordRotaLines: 'Plan rota lines',
} as const;

export type SystemArea = keyof typeof SYSTEM_AREAS;
export const SYSTEM_AREA_NAMES = Object.keys(SYSTEM_AREAS) as SystemArea[];

export function isSystemArea(name: string): name is SystemArea {
  return Object.prototype.hasOwnProperty.call(SYSTEM_AREAS, name);
}

/** Access profiles store areas as the spec's comma-and-space list. */
export function parseSystemAreas(list: string | null | undefined): SystemArea[] {
  return (list ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(isSystemArea);
}

export function formatSystemAreas(areas: Iterable<string>): string {
  const set = new Set(areas);
  return SYSTEM_AREA_NAMES.filter((a) => set.has(a)).join(', ');
}
