import type { SystemArea } from '../../common/auth/system-areas';

/**
 * The rota's fixed vocabulary (docs/decisions.md, "Rota"): line types, steps and who moves a
 * line between them, and the arithmetic of 'HH:mm' times on 5-minute steps.
 */

/** The spec names rotaLineTypeID but no entity for it: a fixed list, answered by GET /api/rotaLineTypes. */
export const ROTA_LINE_TYPES = [
  { rotaLineTypeID: 1, name: 'Shift' },
  { rotaLineTypeID: 2, name: 'Training' },
  { rotaLineTypeID: 3, name: 'Holiday' },
  { rotaLineTypeID: 4, name: 'Sick' },
] as const;

export const DEFAULT_ROTA_LINE_TYPE_ID = 1;

export function rotaLineTypeName(id: number): string {
  return ROTA_LINE_TYPES.find((type) => type.rotaLineTypeID === id)?.name ?? '(Type not found)';
}

export const ROTA_STEPS = ['planning', 'planned', 'approved', 'worked'] as const;
export type RotaStep = (typeof ROTA_STEPS)[number];

/** Steps whose plan (day, times, person, store, type, notes, unpaid hours, repeats) may still change. */
export const PLAN_STEPS: readonly RotaStep[] = ['planning', 'planned'];

/**
 * Each allowed move and the area it needs: planners publish (and withdraw) their drafts,
 * approvers approve planned lines (or send them back) and record what was worked.
 */
export const STEP_MOVES: ReadonlyArray<{ from: RotaStep; to: RotaStep; area: SystemArea; description: string }> = [
  { from: 'planning', to: 'planned', area: 'RecordRotaLines', description: 'Planned' },
  { from: 'planned', to: 'planning', area: 'RecordRotaLines', description: 'Back to planning' },
  { from: 'planned', to: 'approved', area: 'ApproveRotaLines', description: 'Approved' },
  { from: 'approved', to: 'planned', area: 'ApproveRotaLines', description: 'Approval withdrawn' },
  { from: 'approved', to: 'worked', area: 'ApproveRotaLines', description: 'Worked' },
  { from: 'worked', to: 'approved', area: 'ApproveRotaLines', description: 'Worked time withdrawn' },
];

export const TIME_MESSAGE = 'must be a time HH:mm on a 5-minute step';
export const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5][05]$/;

export const DEFAULT_PLANNED_FROM = '09:00';
export const DEFAULT_PLANNED_TO = '17:00';

/** Minutes since midnight of an 'HH:mm' time. */
export function minutesOf(time: string): number {
  return Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
}

/** Hours from `from` to `to` (2 decimals; 5-minute steps make 1/12 hours). */
export function hoursBetween(from: string, to: string): number {
  return Math.round(((minutesOf(to) - minutesOf(from)) / 60) * 100) / 100;
}

/** Paid hours = planned hours minus unpaid hours (spec 02 section 3), never below 0. */
export function paidHours(plannedFrom: string, plannedTo: string, unpaidHours: number): number {
  return Math.max(0, Math.round((hoursBetween(plannedFrom, plannedTo) - unpaidHours) * 100) / 100);
}

const DAY = 86_400_000;

/**
 * The days of the week (Monday to Sunday) holding `rotaDate` that the weekday bitmask names
 * (Sunday bit 0 ... Saturday bit 6, spec 02 section 9), as yyyy-mm-dd.
 */
export function repeatDates(rotaDate: string, repeatDays: number): string[] {
  const day = new Date(`${rotaDate}T00:00:00Z`);
  const monday = day.getTime() - ((day.getUTCDay() + 6) % 7) * DAY;
  const dates: string[] = [];
  for (let offset = 0; offset < 7; offset++) {
    const date = new Date(monday + offset * DAY);
    if (repeatDays & (1 << date.getUTCDay())) dates.push(date.toISOString().slice(0, 10));
  }
  return dates;
}

/** Whether two planned spans of one day share any minute (touching ends do not). */
export function spansOverlap(a: { plannedFrom: string; plannedTo: string }, b: { plannedFrom: string; plannedTo: string }): boolean {
  return minutesOf(a.plannedFrom) < minutesOf(b.plannedTo) && minutesOf(b.plannedFrom) < minutesOf(a.plannedTo);
}
