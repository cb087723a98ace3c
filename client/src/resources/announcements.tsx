import { Tag } from 'antd';
import type { Row } from '../api/types';
import { can } from '../auth/permissions';
import { formatDateTime, textOf } from '../format/format';
import type { ChoiceOption, FieldContext, ResourceDef, RowAction } from '../list/resource';
import { AUDIT_COLUMNS, writableWith } from './common';

/** Spec 02 §3: "The date 2000-01-01 means never". */
export const NEVER_PREFIX = '2000-01-01';

/** A recipient's date, or 'Never' for 2000-01-01. */
export function formatWhen(value: unknown): string {
  if (typeof value !== 'string' || value === '' || value.startsWith(NEVER_PREFIX)) return 'Never';
  return formatDateTime(value);
}

export const ANNOUNCEMENT_TYPES: ChoiceOption[] = [
  { value: 'info', label: 'Info' },
  { value: 'warning', label: 'Warning' },
  { value: 'error', label: 'Error' },
  { value: 'success', label: 'Success' },
];

/** The antd colour of each type, in the list and on the landing page. */
export const TYPE_COLOURS: Record<string, string> = { info: 'blue', warning: 'orange', error: 'red', success: 'green' };

const CLICK_TYPES: ChoiceOption[] = [
  { value: 'none', label: 'Nothing' },
  { value: 'url', label: 'A link' },
  { value: 'file', label: 'A file' },
];

const clickTypeOf = (ctx: FieldContext) => textOf(ctx.values?.clickType ?? ctx.record?.clickType ?? 'none');
const acknowledgableOf = (ctx: FieldContext) => ctx.values?.acknowledgable ?? ctx.record?.acknowledgable ?? true;

/** The server's rule, said as the user types: http or https only (spec 02 §2.4). */
function checkUrl(value: unknown): string | undefined {
  const text = textOf(value).trim();
  if (!text) return undefined;
  try {
    const url = new URL(text);
    if ((url.protocol === 'http:' || url.protocol === 'https:') && url.hostname) return undefined;
  } catch {
    // Not a URL at all: the message below.
  }
  return 'The URL must be a web address starting with http:// or https://';
}

// Narrow enough that the title, the day, the four counts and the row actions fit beside the menu at 1280 px.
const count = (name: string, title: string, width = 76) => ({ name, title, valueType: 'integer' as const, hideInForm: true, width });

/**
 * /announcements (spec 02 §2.4, §3, §9): newest first, with each announcement's counts of
 * recipients, seen, clicked and acknowledged. Announce reads and writes (menu and route hidden otherwise).
 * mustClick is offered only when acknowledgable and something is to be clicked (spec 02 §4).
 */
export function announcementsResource(usersAction: Omit<RowAction, 'path' | 'key' | 'label'>): ResourceDef {
  return {
    tableName: 'announcements',
    title: 'Announcements',
    singular: 'announcement',
    listPath: 'announcements',
    savePath: 'announcement',
    idField: 'announcementID',
    defaultSort: { field: 'announcementID', dir: 'desc' },
    fkJoins: 'file',
    permissions: writableWith('Announce'),
    labelWidth: 130,
    rowActions: [
      {
        key: 'announcementUsers',
        label: 'Users',
        ...usersAction,
        path: (row: Row) => `/announcements/${Number(row.announcementID)}/announcementUsers`,
        visible: (me) => can(me, 'Announce'),
      },
    ],
    columns: [
      { name: 'announcementID', title: 'ID', valueType: 'integer', sortable: true, hideInForm: true, hiddenByDefault: true },
      {
        name: 'type',
        title: 'Type',
        valueType: 'select',
        options: ANNOUNCEMENT_TYPES,
        required: true,
        initialValue: 'info',
        sortable: true,
        width: 100,
        render: (row) => <Tag color={TYPE_COLOURS[String(row.type)]}>{ANNOUNCEMENT_TYPES.find((t) => t.value === row.type)?.label ?? String(row.type)}</Tag>,
      },
      { name: 'title', title: 'Title', valueType: 'text', sortable: true, required: true, maxLength: 100, width: 200 },
      { name: 'message', title: 'Message', valueType: 'textarea', maxLength: 2000, width: 260, hiddenByDefault: true },
      {
        name: 'displayUntil',
        title: 'Display until',
        valueType: 'date',
        sortable: true,
        required: true,
        toBodyValue: (value) => (value ? textOf(value).slice(0, 10) : null),
        help: 'Shown on the landing page up to and including this day',
      },
      { name: 'acknowledgable', title: 'Acknowledgable', valueType: 'boolean', initialValue: true, hiddenByDefault: true },
      { name: 'clickType', title: 'Click', valueType: 'radio', options: CLICK_TYPES, initialValue: 'none', hiddenByDefault: true },
      {
        name: 'url',
        title: 'URL',
        valueType: 'text',
        maxLength: 2000,
        hiddenByDefault: true,
        width: 220,
        required: true,
        hideInForm: (ctx) => clickTypeOf(ctx) !== 'url',
        valueWhenHidden: '',
        validate: checkUrl,
        placeholder: 'https://',
      },
      {
        name: 'file',
        title: 'File',
        valueType: 'file',
        fileUpload: { library: 'announcements', type: 'pdf', accept: '.pdf,application/pdf' },
        hiddenByDefault: true,
        required: true,
        filterable: false,
        hideInForm: (ctx) => clickTypeOf(ctx) !== 'file',
        bodyField: 'fileID',
        valueWhenHidden: null,
        toBodyValue: (value) => (value as { fileID?: number } | null)?.fileID ?? null,
        render: (row) => String((row.file as { originalName?: string } | null)?.originalName ?? ''),
        help: 'A PDF the user downloads',
      },
      {
        name: 'mustClick',
        title: 'Must click',
        valueType: 'boolean',
        initialValue: false,
        hiddenByDefault: true,
        hideInForm: (ctx) => !acknowledgableOf(ctx) || clickTypeOf(ctx) === 'none',
        valueWhenHidden: false,
        help: 'The user must open the link or download the file before acknowledging',
      },
      count('announcementUserCount', 'Users'),
      count('seenUserCount', 'Seen'),
      count('clickedUserCount', 'Clicked'),
      count('acknowledgedUserCount', 'Acknowledged', 122),
      ...AUDIT_COLUMNS,
    ],
  };
}

/** Yes with the date, or No: one status of a recipient. */
function statusWithDate(done: unknown, date: unknown): string {
  return done ? `Yes, ${formatWhen(date)}` : 'No';
}

/**
 * /announcements/{id}/announcementUsers (spec 02 §2.4): the recipients with their seen, click and
 * acknowledge status; one more can be added by hand (the screen adds many at once).
 */
export function announcementUsersResource(announcementID: number): ResourceDef {
  return {
    tableName: 'announcementUsers',
    title: 'Announcement users',
    singular: 'announcement user',
    listPath: 'announcementUsers',
    savePath: 'announcementUser',
    idField: 'announcementUserID',
    defaultSort: { field: 'userName', dir: 'asc' },
    fixedFilters: { announcementID: String(announcementID) },
    fixedBody: { announcementID },
    permissions: writableWith('Announce'),
    columns: [
      {
        name: 'userID',
        title: 'User',
        valueType: 'lookup',
        displayField: 'userName',
        sortable: 'userName',
        required: true,
        lookup: { listPath: 'users', valueField: 'userID', labelField: 'name', filters: { active: '1' } },
        width: 200,
      },
      { name: 'userEmail', title: 'Email', valueType: 'text', hideInForm: true, sortable: true, hiddenByDefault: true },
      { name: 'seen', title: 'Seen', valueType: 'text', hideInForm: true, render: (row) => statusWithDate(row.seen, row.firstSeenDate) },
      {
        name: 'firstSeenDate',
        title: 'First seen',
        valueType: 'dateTime',
        hideInForm: true,
        sortable: true,
        hiddenByDefault: true,
        render: (row) => formatWhen(row.firstSeenDate),
      },
      { name: 'lastSeenDate', title: 'Last seen', valueType: 'dateTime', hideInForm: true, sortable: true, render: (row) => formatWhen(row.lastSeenDate) },
      {
        name: 'clicked',
        title: 'Clicked',
        valueType: 'boolean',
        hideInForm: true,
        sortable: true,
        render: (row) => statusWithDate(row.clicked, row.clickedDate),
      },
      {
        name: 'acknowledged',
        title: 'Acknowledged',
        valueType: 'boolean',
        hideInForm: true,
        sortable: true,
        render: (row) => statusWithDate(row.acknowledged, row.acknowledgedDate),
      },
      ...AUDIT_COLUMNS,
    ],
  };
}
