import type { AuthUser } from '../../common/auth/auth-user';
import type { SystemArea } from '../../common/auth/system-areas';
import { BRANDING_NAMES, type BrandingName } from './entities/branding.entity';
import type { FileKind } from './file-kinds';
import { BRANDING_IMAGE_LIMITS } from './image-checks';
import type { ImageLimits } from './image-size';

/**
 * Where uploads go (`POST /api/file/{library}/{type}`), who may upload and read them, and
 * what content each type accepts. Decisions are in docs/decisions.md (Files).
 */
export interface Library {
  /** Any one of these areas lets a user upload into, and read from, the library. */
  areas: readonly SystemArea[];
  /** type -> the kinds of content it accepts. */
  types: Readonly<Record<string, readonly FileKind[]>>;
  /**
   * Who reads its files. 'area' (the default): every user with one of `areas`. 'uploader': the
   * uploader, SystemSetup, and whoever a read grant of the module that uses the file lets in
   * (FilesService.addReadGrant); to anyone else the file does not exist (404).
   */
  readers?: 'area' | 'uploader';
  /**
   * Images shown to everyone: each upload must be exactly one kind of file, named and declared as
   * what it is, and declare at most these dimensions (image-checks.ts).
   */
  imageLimits?: Required<ImageLimits>;
}

/** No SVG: it can hold script and external references, and the login page shows it to everyone (issue 28). */
const BRANDING_KINDS: Record<BrandingName, readonly FileKind[]> = {
  loginBackground: ['jpeg'],
  favicon: ['ico', 'png'],
  logo: ['png', 'jpeg'],
  loginLogo: ['png', 'jpeg'],
};

export const LIBRARIES: Readonly<Record<string, Library>> = {
  customisation: { areas: ['UserSetup'], types: BRANDING_KINDS, imageLimits: BRANDING_IMAGE_LIMITS },
  rateCards: { areas: ['SystemSetup'], types: { xlsx: ['xlsx'] } },
  recSheets: { areas: ['RevenueReconciliation'], types: { xlsx: ['xlsx'] } },
  announcements: { areas: ['Announce'], types: { pdf: ['pdf'], xlsx: ['xlsx'], jpeg: ['jpeg'], image: ['jpeg', 'png'] } },
  // A receipt shows one customer's purchase: readable by its uploader until a sale uses it, then
  // by those who see the sale's store (the sales module's read grant), never by every seller.
  receipts: { areas: ['RecordSales', 'UpdateSales'], types: { pdf: ['pdf'], jpeg: ['jpeg'], image: ['jpeg', 'png'] }, readers: 'uploader' },
};

/** Reading any library's files (metadata and download) is also open to SystemSetup. */
export const READ_EVERY_LIBRARY: SystemArea = 'SystemSetup';

export function libraryNamed(name: string): Library | undefined {
  return Object.prototype.hasOwnProperty.call(LIBRARIES, name) ? LIBRARIES[name] : undefined;
}

export function acceptedKinds(library: Library, type: string): readonly FileKind[] | undefined {
  return Object.prototype.hasOwnProperty.call(library.types, type) ? library.types[type] : undefined;
}

export function mayUpload(user: AuthUser, library: Library): boolean {
  return library.areas.some((area) => user.systemAreas.has(area));
}

export function mayRead(user: AuthUser, libraryName: string): boolean {
  const library = libraryNamed(libraryName);
  return user.systemAreas.has(READ_EVERY_LIBRARY) || (!!library && mayUpload(user, library));
}

export function isBrandingName(name: string): name is BrandingName {
  return (BRANDING_NAMES as readonly string[]).includes(name);
}

/**
 * The names the branding routes answer to: `favicon.ico` is how browsers and the contract
 * ask for the favicon; `favicon` is the upload type and is accepted too.
 */
export function brandingFromPath(name: string): BrandingName | undefined {
  if (name === 'favicon.ico') return 'favicon';
  return isBrandingName(name) ? name : undefined;
}
