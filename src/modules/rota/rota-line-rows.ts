import { hasAnyArea } from '../../common/auth/auth-user';
import type { SystemArea } from '../../common/auth/system-areas';
import { auditFields } from '../../common/list/audit-fields';
import type { ListDefinition } from '../../common/list/list-definition';
import { recordDate } from '../../common/dates/days';
import { RotaLine } from './entities/rota-line.entity';
import { hoursBetween, paidHours, ROTA_STEPS, rotaLineTypeName } from './rota-rules';

const ID = /^\d{1,10}$/;
const TIME = /^\d{2}:\d{2}$/;

/** Areas that see every line of their stores; anyone else sees only their own published lines. */
export const ROTA_AREAS: readonly SystemArea[] = ['RecordRotaLines', 'ApproveRotaLines'];

/**
 * GET /api/rotaLines (docs/http-api.md, "Rota"): lines of the profile's stores by day and start.
 * A user without RecordRotaLines or ApproveRotaLines sees only their own lines that have left
 * planning (a draft is the planner's until it is planned). Each row answers its planned and
 * paid hours and its type's name.
 */
export const rotaLineList: ListDefinition<RotaLine> = {
  entity: RotaLine,
  alias: 'rotaLine',
  idField: 'rotaLineID',
  label: 'rota line',
  fields: {
    rotaLineID: { column: 'rotaLine.rotaLineID', type: 'integer', pattern: ID, excel: 'ID' },
    rotaDate: { column: 'rotaLine.rotaDate', type: 'date', excel: 'Date' },
    plannedFrom: { column: 'rotaLine.plannedFrom', type: 'text', pattern: TIME, maxLength: 5, excel: 'Planned from' },
    plannedTo: { column: 'rotaLine.plannedTo', type: 'text', pattern: TIME, maxLength: 5, excel: 'Planned to' },
    userID: { column: 'rotaLine.userID', type: 'integer', pattern: ID },
    userName: { column: 'user.name', type: 'text', maxLength: 100, quick: true, excel: 'User' },
    storeID: { column: 'rotaLine.storeID', type: 'integer', pattern: ID },
    storeName: { column: 'store.name', type: 'text', maxLength: 100, quick: true, excel: 'Store' },
    rotaLineTypeID: { column: 'rotaLine.rotaLineTypeID', type: 'integer', pattern: ID },
    currentHistoryStep: { column: 'rotaLine.currentHistoryStep', type: 'text', pattern: new RegExp(`^(${ROTA_STEPS.join('|')})$`), excel: 'Step' },
    notes: { column: 'rotaLine.notes', type: 'text', maxLength: 1000, quick: true, excel: 'Notes' },
    workedFrom: { column: 'rotaLine.workedFrom', type: 'text', pattern: TIME, maxLength: 5, excel: 'Worked from' },
    workedTo: { column: 'rotaLine.workedTo', type: 'text', pattern: TIME, maxLength: 5, excel: 'Worked to' },
    viewedByUser: { column: 'rotaLine.viewedByUser', type: 'boolean', excel: 'Viewed' },
    viewedByUserDate: { column: 'rotaLine.viewedByUserDate', type: 'datetime', excel: 'Viewed on' },
    unpaidHours: { column: 'rotaLine.unpaidHours', type: 'number', excel: 'Unpaid hours' },
    ...auditFields('rotaLine'),
  },
  lookups: { user: 'rotaLine.user', store: 'rotaLine.store' },
  defaultSort: { field: 'rotaDate', dir: 'ASC' },
  storeScope: { column: 'rotaLine.storeID' },
  scope: (qb, user) => {
    if (hasAnyArea(user, ROTA_AREAS)) return;
    qb.andWhere("rotaLine.userID = :rotaSelf AND rotaLine.currentHistoryStep <> 'planning'", { rotaSelf: user.userID });
  },
  toRow: ({ user, store, ...line }) => ({
    ...line,
    rotaDate: recordDate(line.rotaDate),
    userName: user?.name ?? '(User name not found)',
    storeName: store?.name ?? '(Store name not found)',
    rotaLineTypeName: rotaLineTypeName(line.rotaLineTypeID),
    repeatUsers: line.repeatUsers ? line.repeatUsers.split(',').map(Number) : [],
    plannedHours: hoursBetween(line.plannedFrom, line.plannedTo),
    paidHours: paidHours(line.plannedFrom, line.plannedTo, line.unpaidHours),
  }),
};
