import type { Span } from './card-rules';
import { COUNTED_STEPS } from '../sales';

/**
 * The sales list filter of a figure's counted sales in a span (what a card, table row or cell
 * adds up), as base64url JSON: the client opens /sales/params/{params} with it.
 */
export function salesLink(span: Span, filter: Record<string, unknown>): string {
  const params = { ...filter, saleDateGEQ: span.fromDate, saleDateLEQ: span.toDate, currentHistoryStep: COUNTED_STEPS.join(',') };
  return Buffer.from(JSON.stringify(params)).toString('base64url');
}
