import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import { formatInteger, formatPounds } from '../../format/format';
import { formatMetric } from '../landing/kpiFormat';
import type { components } from '../../api/schema';
import type { MetricType } from '../landing/kpiTypes';
import { earliestSaleDay } from '../sales/saleForm';
import { dayLabel } from './dailyStats';

dayjs.extend(utc);

/** The exact texts of spec 02 §2.2 and §5. */
export const DATE_IN_FUTURE = 'This date is in the future';
export const NO_REPORTED_FIELDS = 'No analysis fields at this store are configured for daily reporting...';

/** '{n} months max restriction' (spec 02 §2.2): a day before the user's months back. */
export function monthsMaxRestriction(salesMonthsBack: number): string {
  return `${salesMonthsBack} months max restriction`;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Whether the text is a real yyyy-mm-dd day (2019-02-30 is not). */
export function isDay(text: string | undefined): text is string {
  if (!text || !DAY.test(text)) return false;
  const parsed = dayjs.utc(text);
  return parsed.isValid() && parsed.format('YYYY-MM-DD') === text;
}

/** Why figures of a day cannot be asked for: in the future, or before the months back; null when they can. */
export function dayRefusal(day: string, today: string, salesMonthsBack: number): string | null {
  if (day > today) return DATE_IN_FUTURE;
  const earliest = earliestSaleDay(salesMonthsBack, today);
  return earliest && day < earliest ? monthsMaxRestriction(salesMonthsBack) : null;
}

export type ReportStore = number | 'all';

export interface DailyReportRoute {
  storeID: ReportStore;
  saleDate: string;
}

/**
 * Where /daily/dailyReport/{storeID?}/{saleDate?} should show (spec 02 §2.2): 'all' or one of the
 * profile's stores, else the user's store, else the first permitted store, else all; a real day,
 * else today (a day in the future stays: the screen says so). `canonical` is false when the
 * URL should be replaced by this route's path.
 */
export function resolveDailyReportRoute(
  segments: string[],
  storeIDs: number[],
  defaultStoreID: number | null,
  today: string,
): DailyReportRoute & { canonical: boolean } {
  const [storeText, dateText] = segments;
  const fallbackStore: ReportStore = defaultStoreID !== null && storeIDs.includes(defaultStoreID) ? defaultStoreID : (storeIDs[0] ?? 'all');
  let storeID: ReportStore = fallbackStore;
  if (storeText === 'all') storeID = 'all';
  else if (storeText && /^\d{1,10}$/.test(storeText) && storeIDs.includes(Number(storeText))) storeID = Number(storeText);
  const saleDate = isDay(dateText) ? dateText : today;
  const canonical = segments.length === 2 && storeText === String(storeID) && dateText === saleDate;
  return { storeID, saleDate, canonical };
}

export function dailyReportPath({ storeID, saleDate }: DailyReportRoute): string {
  return `/daily/dailyReport/${storeID}/${saleDate}`;
}

/** GET /api/kpi/dailyReport's data (docs/http-api.md, "Daily report"), as the document types it. */
export type DailyReportData = components['schemas']['DailyReport'];
export type DailyReportField = DailyReportData['fields'][number];
export type DailyReportGroup = DailyReportField['groups'][number];

/** A metric as GET /api/metrics lists it (the parts the daily screens use). */
export type MetricOption = Pick<components['schemas']['Metric'], 'metricID' | 'name' | 'metricType' | 'showInTables'>;

/** One line of GET /api/metricToday. */
export type MetricToday = components['schemas']['MetricToday'];

/**
 * The metric ids a drhMetrics preference names (comma-separated ids), in its order, among the
 * metrics that exist; anything else in it is ignored.
 */
export function savedMetricIDs(preference: string | null, metrics: MetricOption[]): number[] {
  const known = new Set(metrics.map((metric) => metric.metricID));
  const ids = (preference ?? '')
    .split(',')
    .map((id) => id.trim())
    .filter((id) => /^\d{1,9}$/.test(id))
    .map(Number)
    .filter((id) => known.has(id));
  return [...new Set(ids)];
}

/** The metrics shown: the preference's, or every metric shown in tables when it names none (as GET /kpi/drhTable does). */
export function shownMetricIDs(preference: string | null, metrics: MetricOption[]): number[] {
  const saved = savedMetricIDs(preference, metrics);
  return saved.length ? saved : metrics.filter((metric) => metric.showInTables).map((metric) => metric.metricID);
}

/** What the send dialog puts in the message. */
export interface ReportTextOptions {
  storeName: string;
  saleDate: string;
  withRevenue: boolean;
  /** The day's metrics with their types, when included. */
  metrics?: { name: string; result: number | null; metricType?: MetricType }[];
}

/** A group's figures as the screen and the message show them: '12' or '12 (£1,200.00)'. */
export function groupFigures(group: DailyReportGroup, withRevenue: boolean): string {
  const quantity = formatInteger(group.quantity) || '0';
  return withRevenue && group.revenue !== null ? `${quantity} (${formatPounds(group.revenue)})` : quantity;
}

/**
 * The report as plain text for an e-mail or a message: a heading line with the store and the
 * day, then each field with its headings' quantities (and revenue), then the metrics.
 */
export function reportText(fields: DailyReportField[], options: ReportTextOptions): string {
  const lines = [`Daily report: ${options.storeName}, ${dayLabel(options.saleDate)}`];
  if (!fields.length) lines.push('', NO_REPORTED_FIELDS);
  for (const field of fields) {
    lines.push('', field.label);
    for (const group of field.groups) lines.push(`${group.name}: ${groupFigures(group, options.withRevenue)}`);
  }
  if (options.metrics?.length) {
    lines.push('', 'Metrics');
    for (const metric of options.metrics) lines.push(`${metric.name}: ${formatMetric(metric.result, metric.metricType)}`);
  }
  return lines.join('\n');
}

/** A mailto: link (RFC 6068) to the addresses (comma or semicolon separated) with a subject and body. */
export function mailtoLink(to: string, subject: string, body: string): string {
  const addresses = to
    .split(/[,;]/)
    .map((address) => address.trim())
    .filter(Boolean)
    .map((address) => encodeURIComponent(address).replace(/%40/g, '@'))
    .join(',');
  return `mailto:${addresses}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body.replace(/\n/g, '\r\n'))}`;
}

/** A WhatsApp link with the text, to a number when one is given (digits only, international form). */
export function whatsAppLink(phone: string, text: string): string {
  const digits = phone.replace(/\D/g, '');
  return `https://wa.me/${digits}?text=${encodeURIComponent(text)}`;
}

/** The send dialog's settings, kept as the preference dailyReport/send (JSON). */
export interface SendSettings {
  via: 'email' | 'whatsapp';
  /** E-mail addresses, comma separated. */
  to: string;
  /** A WhatsApp number, international form; empty lets the person choose the chat. */
  phone: string;
  includeMetrics: boolean;
}

export const DEFAULT_SEND_SETTINGS: SendSettings = { via: 'email', to: '', phone: '', includeMetrics: true };

/** The saved settings, each missing or malformed one at its default. */
export function readSendSettings(value: string | null): SendSettings {
  let parsed: Record<string, unknown> = {};
  try {
    const json: unknown = JSON.parse(value ?? '{}');
    if (json && typeof json === 'object' && !Array.isArray(json)) parsed = json as Record<string, unknown>;
  } catch {
    // Not ours: the defaults.
  }
  return {
    via: parsed.via === 'whatsapp' ? 'whatsapp' : 'email',
    to: typeof parsed.to === 'string' ? parsed.to.slice(0, 500) : DEFAULT_SEND_SETTINGS.to,
    phone: typeof parsed.phone === 'string' ? parsed.phone.slice(0, 30) : DEFAULT_SEND_SETTINGS.phone,
    includeMetrics: typeof parsed.includeMetrics === 'boolean' ? parsed.includeMetrics : DEFAULT_SEND_SETTINGS.includeMetrics,
  };
}
