/** `items` cut into runs of at most `size` (the last may be shorter): statements with bounded parameter lists. */
export function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
