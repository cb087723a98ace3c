import type { FieldDef, ValueType } from './resource';

/**
 * Dense lists (issue 26): every row is one line, and the default columns are the ones that fit the
 * card's width, so nothing scrolls sideways and nothing slides under the actions. Pure logic (the
 * client's unit tests import .ts only); ListScreen measures the card and draws what this decides.
 */

/** Below this card width a list is drawn as one card per row (a phone). */
export const CARD_LIST_BELOW = 560;

/** A column's width when the field does not give one: room for a typical value on one line. */
const TYPE_WIDTH: Partial<Record<ValueType, number>> = {
  integer: 72,
  number: 84,
  money: 96,
  ratio: 72,
  boolean: 76,
  date: 94,
  dateTime: 142,
  hour: 72,
  weekdays: 150,
  email: 200,
  select: 130,
  radio: 110,
  lookup: 140,
  multiLookup: 180,
  subTable: 80,
};
const TEXT_WIDTH = 150;

/**
 * Px per character of a header word at the table's 13 px semibold, plus the cell's padding. A
 * header may wrap between words ('Order / reference'): the body rows are what stay one line.
 */
const HEADER_CHAR = 7.4;
const CELL_PADDING = 12;
/** The sort arrows and the filter icon beside a header. */
const SORTER = 20;
const FILTER = 22;

/** The width a column needs: the field's own, or its type's, and never less than its header's longest word. */
export function columnWidth(field: Pick<FieldDef, 'title' | 'valueType' | 'width'>, icons: { sortable: boolean; filterable: boolean }): number {
  const longestWord = Math.max(...field.title.split(/\s+/).map((word) => word.length));
  const header = Math.ceil(longestWord * HEADER_CHAR) + CELL_PADDING + (icons.sortable ? SORTER : 0) + (icons.filterable ? FILTER : 0);
  return Math.max(field.width ?? TYPE_WIDTH[field.valueType] ?? TEXT_WIDTH, header);
}

/** Free text a column may cut sooner (a store's or a person's name); figures, dates and codes read whole. */
const CUTTABLE: ValueType[] = ['text', 'email', 'textarea', 'lookup', 'multiLookup', 'select', 'radio', 'json'];

export function isCuttable(field: Pick<FieldDef, 'valueType' | 'keepWhole'>): boolean {
  return CUTTABLE.includes(field.valueType) && !field.keepWhole;
}

export interface FitCandidate {
  name: string;
  width: number;
  /** FieldDef.priority: 1 stays longest (and shows in the phone card); larger numbers drop first. */
  priority?: number;
  /** Free text that may narrow to SQUEEZE of its width (isCuttable). */
  cuttable?: boolean;
}

/** Priority of a field that does not say: after the ones marked 1 and 2, before the ones marked 4+. */
export const DEFAULT_PRIORITY = 3;

/**
 * How far a free-text column may narrow below its comfortable width before the least important
 * column drops: a name then ends sooner in an ellipsis, where a dropped column is not seen at all.
 */
export const SQUEEZE = 0.8;

const narrowest = (c: FitCandidate) => (c.cuttable ? c.width * SQUEEZE : c.width);

/**
 * The candidates that fit `available` px beside `reserved` px (checkbox, actions): the least
 * important (highest priority number, the rightmost first among equals) drop until the rest fit
 * at their narrowest. At least one column always stays.
 */
export function fitColumns(candidates: FitCandidate[], available: number, reserved: number): string[] {
  const kept = [...candidates];
  const total = () => kept.reduce((sum, c) => sum + narrowest(c), reserved);
  while (kept.length > 1 && total() > available) {
    let drop = kept.length - 1;
    for (let i = kept.length - 1; i >= 0; i--) {
      if ((kept[i].priority ?? DEFAULT_PRIORITY) > (kept[drop].priority ?? DEFAULT_PRIORITY)) drop = i;
    }
    kept.splice(drop, 1);
  }
  return kept.map((c) => c.name);
}

/**
 * Each column's width so the table is exactly as wide as the card (table-layout fixed): with
 * room to spare every column widens alike; short of room the free-text columns narrow, down to
 * SQUEEZE. Past that (the user chose more columns than fit) the widths stay and the table
 * scrolls sideways.
 */
export function columnWidths(columns: FitCandidate[], available: number, reserved: number): Record<string, number> {
  const room = available - reserved;
  const sum = columns.reduce((a, c) => a + c.width, 0);
  const cuttable = columns.filter((c) => c.cuttable).reduce((a, c) => a + c.width, 0);
  let scaleAll = 1;
  let scaleCut = 1;
  if (sum > 0 && sum <= room) scaleAll = room / sum;
  else if (cuttable > 0 && (room - (sum - cuttable)) / cuttable >= SQUEEZE) scaleCut = (room - (sum - cuttable)) / cuttable;
  return Object.fromEntries(columns.map((c) => [c.name, Math.floor(c.width * scaleAll * (c.cuttable ? scaleCut : 1))]));
}

/** Width of the actions column: icon buttons of 28 px and the cell's padding. */
export function actionsWidth(icons: number): number {
  return icons * 28 + 16;
}

/**
 * Which fields a phone card shows: those marked `card`, else the first three of the table's
 * default columns. The card's title is the first 'title' field (else the first shown), its
 * amount on the right the first 'aside' field.
 */
export function cardLayout<F extends Pick<FieldDef, 'name' | 'card'>>(fields: F[]): { title: F | undefined; aside: F | undefined; lines: F[] } {
  const marked = fields.filter((f) => f.card);
  const chosen = marked.length ? marked : fields.slice(0, 3);
  const title = chosen.find((f) => f.card === 'title') ?? chosen[0];
  const aside = chosen.find((f) => f.card === 'aside');
  return { title, aside, lines: chosen.filter((f) => f !== title && f !== aside) };
}
