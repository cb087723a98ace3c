import dayjs from 'dayjs';

/** A row of GET /api/rotaLines (docs/http-api.md, "Rota"). */
export interface RotaLine {
  rotaLineID: number;
  rotaDate: string;
  plannedFrom: string;
  plannedTo: string;
  userID: number;
  userName: string;
  storeID: number;
  storeName: string;
  rotaLineTypeID: number;
  rotaLineTypeName: string;
  currentHistoryStep: RotaStep;
  notes: string;
  workedFrom: string | null;
  workedTo: string | null;
  viewedByUser: boolean;
  unpaidHours: number;
  plannedHours: number;
  paidHours: number;
  repeatUsers: number[];
  repeatDays: number;
  /** The line's version: sent back with an edit (409 when someone saved it since). */
  updatedDate?: string;
}

export type RotaStep = 'planning' | 'planned' | 'approved' | 'worked';

export const STEP_LABELS: Record<RotaStep, string> = { planning: 'Planning', planned: 'Planned', approved: 'Approved', worked: 'Worked' };
export const STEP_COLOURS: Record<RotaStep, string> = { planning: 'default', planned: 'blue', approved: 'green', worked: 'purple' };

/** Steps whose plan and repeat options may still change (spec 02 section 4). */
export const PLAN_STEPS: readonly RotaStep[] = ['planning', 'planned'];

/** The Monday of the week holding `day` (yyyy-mm-dd). */
export function mondayOf(day: string): string {
  const date = dayjs(day);
  return date.subtract((date.day() + 6) % 7, 'day').format('YYYY-MM-DD');
}

/** The seven days (yyyy-mm-dd) from `monday`. */
export function weekDays(monday: string): string[] {
  return Array.from({ length: 7 }, (_, n) => dayjs(monday).add(n, 'day').format('YYYY-MM-DD'));
}

/** The week's lines query: one store or user, Monday to Sunday, every line on one page. */
export function weekQuery(monday: string, filter: Record<string, string | number>): Record<string, string> {
  const days = weekDays(monday);
  const params: Record<string, string> = { rotaDateGEQ: days[0], rotaDateLEQ: days[6], pageLength: '500', sort: 'rotaDate', sortDir: 'ASC' };
  for (const [name, value] of Object.entries(filter)) params[name] = String(value);
  return params;
}

export const dayOf = (line: Pick<RotaLine, 'rotaDate'>) => line.rotaDate.slice(0, 10);

/** Lines by start time, for a cell. */
export function byStart(lines: RotaLine[]): RotaLine[] {
  return [...lines].sort((a, b) => a.plannedFrom.localeCompare(b.plannedFrom) || a.rotaLineID - b.rotaLineID);
}

/** Paid hours of lines (2 decimals). */
export function paidTotal(lines: RotaLine[]): number {
  return Math.round(lines.reduce((sum, line) => sum + line.paidHours, 0) * 100) / 100;
}

export function formatHours(hours: number): string {
  return `${hours.toFixed(2).replace(/\.?0+$/, '')} h`;
}

/** '09:00–17:00' */
export const timesOf = (line: Pick<RotaLine, 'plannedFrom' | 'plannedTo'>) => `${line.plannedFrom}–${line.plannedTo}`;

/** 'Mon 06/03' */
export const dayHeading = (day: string) => dayjs(day).format('ddd DD/MM');
