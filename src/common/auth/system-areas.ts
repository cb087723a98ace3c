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

/** Headings of the access profile dialog's checklist, in the order it shows them. */
export const SYSTEM_AREA_GROUPS = ['Sales', 'Reconciliation', 'Targets and daily', 'Rota', 'Administration'] as const;
export type SystemAreaGroup = (typeof SYSTEM_AREA_GROUPS)[number];

/** A Record, so a new area cannot be added without a heading. */
const GROUP_OF_AREA: Record<SystemArea, SystemAreaGroup> = {
  RecordSales: 'Sales',
  UpdateSales: 'Sales',
  RecordRefunds: 'Sales',
  RecordCreditFails: 'Sales',
  ViewYearCards: 'Sales',
  RevenueReconciliation: 'Reconciliation',
  RecordTargets: 'Targets and daily',
  RecordDailyStats: 'Targets and daily',
  RecordRotaLines: 'Rota',
  ApproveRotaLines: 'Rota',
  SystemSetup: 'Administration',
  UserSetup: 'Administration',
  Announce: 'Administration',
  AccessAPI: 'Administration',
};

/** GET /api/accessProfiles/systemAreas: every area with what it grants, group by group. */
export function describedSystemAreas(): { name: SystemArea; description: string; group: SystemAreaGroup }[] {
  return SYSTEM_AREA_GROUPS.flatMap((group) =>
    SYSTEM_AREA_NAMES.filter((name) => GROUP_OF_AREA[name] === group).map((name) => ({ name, description: SYSTEM_AREAS[name], group })),
  );
}

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
