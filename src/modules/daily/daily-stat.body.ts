import { DecimalNumber, Day, WholeNumber } from '../../common/http/dto-fields';
import { AuditedReadOnlyFields } from '../../common/http/read-only-fields';
import { listBodyReader } from '../../common/http/list-body';
import { InvalidInput } from '../../common/http/validation-result';

/** Ceilings far above any real store's day, so a typing slip (an extra few zeros) is refused. */
export const MAX_FOOTFALL = 1_000_000;
export const MAX_CHAT_COUNT = 100_000;
export const MAX_STAFF_COUNT = 1000;
/** The body is one month's days. */
export const MAX_DAYS = 31;

/**
 * The key of messages about the list as a whole; a row's field is `dailyStats.{index}.{field}`,
 * as nested lists of other bodies are keyed (`discountStores.0.enabled`).
 */
export const DAILY_STATS = 'dailyStats';

/**
 * One day of PUT /api/dailyStats/{storeID}. Null (or left out) is "not recorded". A row as GET
 * answers it may be sent back: its id, store and audit fields are ignored (the URL names the
 * store, the date finds the day).
 */
@AuditedReadOnlyFields('dailyStatID', 'storeID', 'storeName')
export class DailyStatBody {
  @Day('Day') dailyStatDate: string;
  // Footfall and chats: digits only; staff: digits and a decimal point (spec 02 section 5).
  @WholeNumber('Footfall', 0, MAX_FOOTFALL) footfall?: number | null;
  @WholeNumber('Chat count', 0, MAX_CHAT_COUNT) chatCount?: number | null;
  @DecimalNumber('Staff count', 2, 0, MAX_STAFF_COUNT) staffCount?: number | null;
}

/** Days of one month, each once: the first day's month is the list's (400 on each other one). */
function assertOneMonthOnce(days: DailyStatBody[]): void {
  const month = days[0].dailyStatDate.slice(0, 7);
  const seen = new Set<string>();
  const failMessages: Record<string, string> = {};
  days.forEach(({ dailyStatDate }, index) => {
    const key = `${DAILY_STATS}.${index}.dailyStatDate`;
    if (dailyStatDate.slice(0, 7) !== month) failMessages[key] = `Day ${dailyStatDate} is not in ${month}, the month of the first day`;
    else if (seen.has(dailyStatDate)) failMessages[key] = `Day ${dailyStatDate} is in the list twice`;
    seen.add(dailyStatDate);
  });
  if (Object.keys(failMessages).length) throw new InvalidInput(failMessages);
}

const readDays = listBodyReader(DailyStatBody, { name: DAILY_STATS, noun: 'day', minItems: 1, maxItems: MAX_DAYS });

/**
 * The body of PUT /api/dailyStats/{storeID} checked whole (400 on anything wrong, before
 * anything is read or written): a list of 1 to 31 days of one month, each day once.
 */
export async function parseDailyStats(body: unknown): Promise<DailyStatBody[]> {
  const days = await readDays(body);
  assertOneMonthOnce(days);
  return days;
}
