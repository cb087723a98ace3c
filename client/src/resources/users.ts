import type { Me, Row } from '../api/types';
import { can } from '../auth/permissions';
import type { FieldContext, ResourceDef } from '../list/resource';
import { AUDIT_COLUMNS, STORE_LOOKUP } from './common';

/**
 * Without UserSetup a user changes only their own name, password, default
 * store and defaults; the login restrictions and profile show read-only and
 * are not sent (the server refuses changes to them).
 */
const withoutUserSetup = (ctx: FieldContext) => !can(ctx.me, 'UserSetup');

/** New users get the administrator's e-mail domain to save typing (spec 01 §9). */
function emailDomainSuffix(ctx: FieldContext): string | undefined {
  const at = ctx.me.email?.lastIndexOf('@') ?? -1;
  return at > 0 ? ctx.me.email.slice(at) : undefined;
}

const isOwnRow = (me: Me, row: Row) => Number(row.userID) === me.userID;

export type UsersTab = 'active' | 'inactive' | 'all';

const TAB_FILTERS: Record<UsersTab, Record<string, string> | undefined> = {
  active: { active: '1' },
  inactive: { active: '0' },
  all: undefined,
};

/** The users list for one tab of /data/users (and the Profile dialog). */
export function usersResource(tab: UsersTab = 'all'): ResourceDef {
  return {
    // One saved column choice for all three user tabs.
    tableName: 'users',
    // The tab above the list says which users; the title stays 'Users'.
    title: 'Users',
    singular: 'user',
    listPath: 'users',
    savePath: 'user',
    idField: 'userID',
    defaultSort: { field: 'name', dir: 'asc' },
    fixedFilters: TAB_FILTERS[tab],
    formNote: 'Changes to the user profile may not take effect until the user logs in again',
    labelWidth: 190,
    permissions: {
      create: (me) => can(me, 'UserSetup'),
      update: (me, row) => can(me, 'UserSetup') || isOwnRow(me, row),
      delete: (me) => can(me, 'UserSetup'),
    },
    columns: [
      { name: 'name', title: 'Name', valueType: 'text', sortable: true, required: true, maxLength: 100 },
      {
        name: 'email',
        title: 'Email',
        valueType: 'email',
        sortable: true,
        required: true,
        maxLength: 254,
        readOnly: withoutUserSetup,
        initialValue: emailDomainSuffix,
      },
      {
        name: 'currentPassword',
        title: 'Current password',
        valueType: 'password',
        hideInTable: true,
        neverPrefill: true,
        omitWhenEmpty: true,
        // Only a change of your own password asks for it; an administrator sets another user's without.
        hideInForm: (ctx) => ctx.mode !== 'update' || !ctx.record || !isOwnRow(ctx.me, ctx.record),
        required: (ctx) => Boolean(ctx.values?.password),
        help: 'Needed to change your password',
      },
      {
        name: 'password',
        title: 'Password',
        valueType: 'password',
        hideInTable: true,
        neverPrefill: true,
        omitWhenEmpty: true,
        required: (ctx) => ctx.mode === 'create' || ctx.mode === 'copy',
        help: (ctx) => (ctx.mode === 'update' ? 'Leave blank to keep the current password' : undefined),
      },
      {
        name: 'confirm',
        title: 'Confirm password',
        valueType: 'password',
        hideInTable: true,
        neverPrefill: true,
        omitWhenEmpty: true,
        required: (ctx) => ctx.mode === 'create' || ctx.mode === 'copy',
      },
      {
        name: 'storeID',
        title: 'Default store',
        valueType: 'lookup',
        displayField: 'storeName',
        sortable: 'storeName',
        emptyText: 'None',
        lookup: STORE_LOOKUP,
      },
      {
        name: 'accessProfileID',
        title: 'Access profile',
        valueType: 'lookup',
        displayField: 'accessProfileName',
        sortable: 'accessProfileName',
        required: true,
        // Only UserSetup may list access profiles; others see the name read-only.
        readOnly: withoutUserSetup,
        lookup: { listPath: 'accessProfiles', valueField: 'accessProfileID', labelField: 'name', pageLength: 50 },
      },
      { name: 'active', title: 'Active', valueType: 'boolean', sortable: true, initialValue: true, readOnly: withoutUserSetup },
      {
        name: 'lastLogin',
        title: 'Last login',
        valueType: 'dateTime',
        sortable: true,
        emptyText: 'Never',
        hideInForm: (ctx) => ctx.mode !== 'read' && ctx.mode !== 'delete',
        readOnly: true,
      },
      {
        name: 'defaultDaysBack',
        title: 'Default days back',
        valueType: 'integer',
        hiddenByDefault: true,
        sortable: true,
        initialValue: 180,
        min: 0,
        help: 'How many days of sales lists show by default',
      },
      {
        name: 'fromHour',
        sortable: true,
        title: 'No login before',
        valueType: 'hour',
        hiddenByDefault: true,
        initialValue: 0,
        readOnly: withoutUserSetup,
      },
      {
        name: 'toHour',
        sortable: true,
        title: 'No login after',
        valueType: 'hour',
        hiddenByDefault: true,
        initialValue: 24,
        readOnly: withoutUserSetup,
      },
      {
        name: 'days',
        sortable: true,
        title: 'Login days',
        valueType: 'weekdays',
        hiddenByDefault: true,
        initialValue: 0,
        readOnly: withoutUserSetup,
        help: 'No day ticked means every day is allowed',
      },
      {
        name: 'proRateTargetsOnActual',
        sortable: true,
        title: 'Pro-rate targets on actual',
        valueType: 'boolean',
        hiddenByDefault: true,
        initialValue: false,
      },
      {
        name: 'salesMonthsBack',
        sortable: true,
        title: 'Sales months back',
        valueType: 'integer',
        hiddenByDefault: true,
        initialValue: 0,
        min: 0,
        help: '0 means unlimited',
        render: (row) => (Number(row.salesMonthsBack) === 0 ? 'Unlimited' : String(row.salesMonthsBack)),
      },
      ...AUDIT_COLUMNS,
    ],
  };
}
