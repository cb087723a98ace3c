import { createParamDecorator, ExecutionContext, SetMetadata } from '@nestjs/common';
import type { AuthUser } from './auth-user';
import type { SystemArea } from './system-areas';

export const PUBLIC_ROUTE = 'publicRoute';
export const REQUIRED_AREAS = 'requiredAreas';
export const REQUIRED_ANY_AREAS = 'requiredAnyAreas';
export const REQUIRES_STORE = 'requiresStore';
export const DOWNLOAD_ROUTE = 'downloadRoute';

/** No token needed (login, app name, branding images). */
export const Public = () => SetMetadata(PUBLIC_ROUTE, true);

/** The system areas a route needs, all of them; checked by AccessGuard on the server for every call. */
export const RequireAreas = (...areas: SystemArea[]) => SetMetadata(REQUIRED_AREAS, areas);

/**
 * The route needs at least one of these areas (a sale's save: RecordSales or UpdateSales for an
 * edit, RecordRefunds for a refund; the service checks which the body needs). 403 otherwise.
 */
export const RequireAnyArea = (...areas: SystemArea[]) => SetMetadata(REQUIRED_ANY_AREAS, areas);

/**
 * The route needs an access profile with at least one store (e.g. reading rate cards);
 * checked by AccessGuard, 403 otherwise.
 */
export const RequireStore = () => SetMetadata(REQUIRES_STORE, true);

/**
 * A GET the browser opens as a plain link (a file download, an Excel export), which cannot send
 * the x-access-token header: only such routes accept the token as `?token=` (HTTP contract).
 */
export const Download = () => SetMetadata(DOWNLOAD_ROUTE, true);

/** Requests AccessGuard found to be for a @Download() route, before the token is read. */
const downloadRequests = new WeakSet<object>();

export function markDownloadRequest(req: object): void {
  downloadRequests.add(req);
}

export function isDownloadRequest(req: object): boolean {
  return downloadRequests.has(req);
}

export const CurrentUser = createParamDecorator((_data: unknown, ctx: ExecutionContext): AuthUser => {
  return ctx.switchToHttp().getRequest<{ user: AuthUser }>().user;
});
