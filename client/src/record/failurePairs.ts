import type { ValidationResult } from '../api/types';
import type { Failure } from './DialogParts';

/**
 * What a refused save shows above the form (spec 01 §5: "a summary shows
 * ('field-message' pairs if more than one)"). With several failing fields the
 * summary counts them and lists each as 'Label - message', the label being the
 * form's title for the body name (the body name itself when no field has it).
 * With one, the server's summary (its message) shows alone, and `unshown`
 * (messages no field on the form shows) is listed under it. `positionOf` puts
 * the pairs in the form's order (the server's order otherwise; unknown names last).
 */
export function failureFromResult(
  result: ValidationResult | undefined,
  fallback: string,
  titleOf: (bodyName: string) => string | undefined,
  unshown: string[],
  positionOf?: (bodyName: string) => number,
): Failure {
  const messages = Object.entries(result?.failMessages ?? {});
  if (positionOf) {
    const rank = (bodyName: string) => {
      const position = positionOf(bodyName);
      return position < 0 ? Number.MAX_SAFE_INTEGER : position;
    };
    messages.sort(([a], [b]) => rank(a) - rank(b));
  }
  if (messages.length > 1) {
    return {
      summary: `Please correct ${messages.length} fields`,
      details: messages.map(([bodyName, message]) => `${titleOf(bodyName) ?? bodyName} - ${message}`),
    };
  }
  return { summary: result?.failSummary || fallback, details: unshown };
}
