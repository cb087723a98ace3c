/**
 * Which of the sale body's fields changed between two states of the sale form, by body name
 * (the names the server's messages use), so a refused save's messages go as the user corrects
 * their fields (issue 26). Structural types: the form's own type lives in a .tsx file.
 */
interface CorrectableValues {
  storeID: number | null;
  saleTypeID: number | null;
  attributableToUserID: number | null;
  saleDate: string;
  orderRef: string;
  notes: string;
  discountStoreID: number | null;
  discountPercent: number | null;
  line: { rateCardLineStoreID?: unknown } | null;
  analysis: Record<string, unknown>;
}

const PLAIN_FIELDS = ['storeID', 'saleTypeID', 'attributableToUserID', 'saleDate', 'orderRef', 'notes', 'discountStoreID', 'discountPercent'] as const;

export function changedSaleFields(before: CorrectableValues, after: CorrectableValues): Set<string> {
  const changed = new Set<string>();
  for (const name of PLAIN_FIELDS) if (before[name] !== after[name]) changed.add(name);
  if ((before.line?.rateCardLineStoreID ?? null) !== (after.line?.rateCardLineStoreID ?? null)) changed.add('rateCardLineStoreID');
  for (const id of new Set([...Object.keys(before.analysis), ...Object.keys(after.analysis)])) {
    if (JSON.stringify(before.analysis[id]) !== JSON.stringify(after.analysis[id])) changed.add(`saleAnalysisValues.${id}`);
  }
  return changed;
}

/** The sale form's fields in the order it shows them, for the focus on the first empty one. */
export const SALE_FOCUS_ORDER = ['storeID', 'saleTypeID', 'attributableToUserID', 'saleDate', 'orderRef', 'rateCardLineStoreID'] as const;

/** The form's values by the names of SALE_FOCUS_ORDER (the SKU is the chosen line). */
export function saleFocusValues(values: CorrectableValues): Record<string, unknown> {
  return { ...values, rateCardLineStoreID: values.line?.rateCardLineStoreID ?? null };
}
