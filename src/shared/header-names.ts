/**
 * A header name as the upload wizards and supplier templates compare it: 'Order No. ', 'order_no'
 * and 'ORDER NO' read the same (lower case, anything but letters and digits as one space, trimmed).
 * Pure and dependency-free: the client's upload mapping and the server's templates import this one
 * file, so the rule is written once.
 */
export function normalizeHeader(text: string): string {
  return String(text ?? '')
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}
