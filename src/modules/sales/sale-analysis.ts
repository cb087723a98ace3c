import type { AnalysisField } from '../master-data';
import { regexMatches } from '../master-data';

export interface AnalysisAnswer {
  analysisFieldID: number;
  analysisValue: string;
}

/** What a sale's line says about it, for the fields filled from the line (autoFillFrom). */
export interface LineFacts {
  bandName: string | null;
  description: string;
}

/**
 * The answer an autofilled single field gets from the line (spec 01 section 4): the item whose
 * code is the band name, or the first item whose code appears in the description, ignoring case;
 * none when nothing matches.
 */
export function autoFilledCode(field: AnalysisField, line: LineFacts): string | null {
  const items = field.analysisListItems ?? [];
  if (field.autoFillFrom === 'rateCardLineBandName') {
    const band = line.bandName?.trim().toLowerCase();
    return (band && items.find((item) => item.code.toLowerCase() === band)?.code) || null;
  }
  if (field.autoFillFrom === 'rateCardLineDescriptionContains') {
    const description = line.description.toLowerCase();
    return items.find((item) => item.code && description.includes(item.code.toLowerCase()))?.code ?? null;
  }
  return null;
}

/**
 * The analysis answers a sale keeps, checked against the fields asked at its store: text values
 * match the field's regex, list values are item codes (written as the item writes them), single
 * fields hold one value, required fields one at least; autofilled fields take the line's answer
 * whatever was sent; a new sale's unanswered text fields take their default. Messages are keyed
 * `saleAnalysisValues.{analysisFieldID}` (`saleAnalysisValues` for a field not asked here).
 */
export function checkAnalysisAnswers(
  fields: AnalysisField[],
  sent: AnalysisAnswer[],
  line: LineFacts,
  isNew: boolean,
): { answers: AnalysisAnswer[]; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const byField = new Map<number, string[]>();
  const asked = new Set(fields.map((f) => f.analysisFieldID));
  for (const answer of sent) {
    if (!asked.has(answer.analysisFieldID)) {
      errors.saleAnalysisValues = 'An analysis value is for a field this store does not ask';
      continue;
    }
    const value = answer.analysisValue.trim();
    if (value === '') continue;
    byField.set(answer.analysisFieldID, [...(byField.get(answer.analysisFieldID) ?? []), value]);
  }
  const answers: AnalysisAnswer[] = [];
  for (const field of fields) {
    const key = `saleAnalysisValues.${field.analysisFieldID}`;
    let values = byField.get(field.analysisFieldID) ?? [];
    if (field.inputType === 'single' && field.autoFillFrom) {
      const code = autoFilledCode(field, line);
      values = code ? [code] : [];
    } else if (field.inputType === 'text') {
      if (values.length === 0 && isNew && field.defaultValue) values = [field.defaultValue];
      if (values.length > 1) errors[key] = `${field.label} takes one value`;
      else if (values.length === 1 && field.regex) {
        const matches = regexMatches(field.regex, values[0]);
        if (matches !== true) errors[key] = `${field.label} is not in the expected format`;
      }
    } else {
      const items = field.analysisListItems ?? [];
      const codes: string[] = [];
      for (const value of values) {
        const item = items.find((i) => i.code === value) ?? items.find((i) => i.code.toLowerCase() === value.toLowerCase());
        if (!item) errors[key] = `Choose ${field.label} from its list`;
        else if (!codes.includes(item.code)) codes.push(item.code);
      }
      values = codes;
      if (field.inputType === 'single' && values.length > 1) errors[key] = `${field.label} takes one value`;
    }
    if (field.required && values.length === 0 && !errors[key]) errors[key] = `${field.label} is required`;
    for (const value of values) answers.push({ analysisFieldID: field.analysisFieldID, analysisValue: value });
  }
  return { answers, errors };
}
