import { Logger } from '@nestjs/common';
import { chmodSync, mkdirSync, statSync } from 'node:fs';

/**
 * Makes `path` a directory only its owner may enter (0700): created so, and an existing one
 * narrowed (DATA_DIR and FILES_DIR hold the password hashes, the JWT secret and the uploads;
 * docs/decisions.md, "Private data directory"). A directory the API does not own cannot be
 * narrowed: that is logged, not fatal, as for the database files.
 */
export function ownerOnlyDirectory(path: string, what: string): void {
  mkdirSync(path, { recursive: true, mode: 0o700 });
  if ((statSync(path).mode & 0o077) === 0) return;
  try {
    chmodSync(path, 0o700);
  } catch (error) {
    new Logger('Config').warn(`Could not make ${what} ${path} accessible to its owner only: ${(error as Error).message}`);
  }
}
