import type { DataSource } from 'typeorm';
import type { AuthUser } from '../common/auth/auth-user';
import { RotaLine } from '../modules/rota/entities/rota-line.entity';
import { minutesOf } from '../modules/rota/rota-rules';
import type { RotaService } from '../modules/rota/rota.service';
import type { UsersService } from '../modules/users/users/users.service';
import { addDays, rng } from './demo-sales';

/**
 * Issue 13 demo rota: four weeks for every store around today, written through RotaService so
 * each line has its steps and history. The week two and one weeks back are worked (worked times
 * a few minutes off the plan), this week is approved, next week is planned, with a couple of
 * drafts still in planning. Each user works five days of the week on one of the store's shifts,
 * planned on Monday and repeated to the other days (the planner's repeat option).
 */

const SHIFTS = [
  { plannedFrom: '09:00', plannedTo: '17:30', unpaidHours: 0.5 },
  { plannedFrom: '08:00', plannedTo: '16:00', unpaidHours: 0.5 },
  { plannedFrom: '12:00', plannedTo: '20:00', unpaidHours: 0.75 },
  { plannedFrom: '10:00', plannedTo: '14:00', unpaidHours: 0 },
];
/** Weekday bitmasks (Sunday bit 0): five days each, weekends covered by turns. */
const WORK_DAYS = [0b0111110, 0b1011110, 0b1101101, 0b0111011, 0b1110011];
const MAX_USERS_PER_STORE = 5;

const at = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

export async function seedDemoRota(
  dataSource: DataSource,
  today: string,
  rota: RotaService,
  users: UsersService,
): Promise<{ lines: number; from: string } | null> {
  if ((await dataSource.getRepository(RotaLine).count()) > 0) return null;
  const stores: Array<{ storeID: number }> = await dataSource.query('SELECT storeID FROM store ORDER BY storeID');
  if (stores.length === 0) return null;
  const system: AuthUser = {
    userID: 0,
    name: 'Demo data',
    email: '',
    storeID: null,
    accessProfileID: 0,
    systemAreas: new Set(['RecordRotaLines', 'ApproveRotaLines']),
    storeIDs: stores.map((s) => Number(s.storeID)),
    showRevenue: true,
    showCommission: true,
    salesMonthsBack: 0,
  };
  const homes: Array<{ userID: number; storeID: number | null }> = await dataSource.query('SELECT userID, storeID FROM user');
  const homeStores = new Map(homes.map((row) => [Number(row.userID), row.storeID == null ? null : Number(row.storeID)]));
  const day = new Date(`${today}T00:00:00Z`).getUTCDay();
  const thisMonday = addDays(today, -((day + 6) % 7));
  const weeks = [-2, -1, 0, 1].map((offset) => ({ monday: addDays(thisMonday, offset * 7), offset }));
  const random = rng(13);
  let lines = 0;
  // Who works where: every store's own people (their default store) first, in every store; then
  // each of the others (managers and administrators who cover several stores) at the one of their
  // stores with the fewest planned, and at that store only, as a person's lines never overlap. Filling store by store in one pass let the first stores take the next stores' staff.
  const atStore = new Map<number, Array<{ userID: number }>>();
  for (const storeID of system.storeIDs) atStore.set(storeID, await users.activeUsersAt(dataSource.manager, storeID));
  const teams = new Map<number, Array<{ userID: number }>>();
  for (const [storeID, people] of atStore) teams.set(storeID, people.filter((user) => homeStores.get(user.userID) === storeID).slice(0, MAX_USERS_PER_STORE));
  const planned = new Set([...teams.values()].flat().map((user) => user.userID));
  for (const user of [...atStore.values()].flat()) {
    if (planned.has(user.userID)) continue;
    const open = [...teams].filter(([storeID, team]) => team.length < MAX_USERS_PER_STORE && atStore.get(storeID)!.some((u) => u.userID === user.userID));
    if (!open.length) continue;
    open.reduce((fewest, next) => (next[1].length < fewest[1].length ? next : fewest))[1].push(user);
    planned.add(user.userID);
  }
  for (const [storeID, staff] of teams) {
    for (const [index, user] of staff.entries()) {
      const shift = SHIFTS[(index + storeID) % SHIFTS.length];
      const days = WORK_DAYS[(index + storeID) % WORK_DAYS.length];
      for (const { monday, offset } of weeks) {
        // Monday's line, repeated to the week's other working days (skipping Monday itself when off).
        const first = [0, 1, 2, 3, 4, 5, 6].map((n) => addDays(monday, n)).find((d) => days & (1 << new Date(`${d}T00:00:00Z`).getUTCDay()))!;
        const created = await rota.create(
          {
            storeID,
            userID: user.userID,
            rotaDate: first,
            ...shift,
            newStep: 'planned',
            repeatDays: days,
            notes: offset === 1 && index === 0 ? 'Stock count' : '',
          },
          system,
        );
        const ids = [created.data.rotaLineID as number, ...created.repeatedRotaLineIDs];
        lines += ids.length;
        if (offset === 1) {
          // Next week: one draft left in planning for the planner to finish.
          if (index === 0) await rota.update(ids[ids.length - 1], { newStep: 'planning' }, system);
          continue;
        }
        await rota.approve({ rotaLineIDs: ids }, system);
        if (offset === 0) continue;
        for (const id of ids) {
          const late = Math.floor(random() * 3) * 5;
          const early = Math.floor(random() * 3) * 5;
          await rota.update(
            id,
            { newStep: 'worked', workedFrom: at(minutesOf(shift.plannedFrom) + late), workedTo: at(minutesOf(shift.plannedTo) - early) },
            system,
          );
        }
      }
    }
  }
  return { lines, from: weeks[0].monday };
}
