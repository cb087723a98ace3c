/**
 * The value to store for a plain field of a save (docs/http-api.md, "Master data"; rate card lines follow it too):
 * a field left out of the body keeps what the record had (the default on create), while an
 * explicit null is the field's default. The dialog sends null for a number box the user
 * emptied, so null must clear the value, not keep the old one.
 */
export function sentOr<V>(sent: V | null | undefined, had: V | null | undefined, fallback: V): V {
  if (sent === undefined) return had ?? fallback;
  return sent ?? fallback;
}
