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

/**
 * A refused save after the user changed some fields (issue 26: a field's message goes as soon as
 * the field is corrected). `changed(bodyName)` says whether a message's field was changed since;
 * those messages go. Returns the result unchanged when none went, null when none is left (the
 * summary goes too), else the rest, whose summary is the one message left when only one is.
 */
export function withoutCorrected(result: ValidationResult, changed: (bodyName: string) => boolean): ValidationResult | null {
  const messages = Object.entries(result.failMessages ?? {});
  const left = messages.filter(([bodyName]) => !changed(bodyName));
  if (left.length === messages.length) return result;
  if (left.length === 0) return null;
  return {
    ...result,
    failMessages: Object.fromEntries(left),
    failSummary: left.length === 1 ? left[0][1] : result.failSummary,
  };
}
