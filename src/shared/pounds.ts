/** Money in messages: '£1.50', '-£1.50' (rounded to the penny). */
export function pounds(value: number): string {
  const pence = Math.round(value * 100);
  return `${pence < 0 ? '-' : ''}£${(Math.abs(pence) / 100).toFixed(2)}`;
}
