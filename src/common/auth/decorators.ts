import { createParamDecorator, ExecutionContext, SetMetadata } from '@nestjs/common';
import type { AuthUser } from './auth-user';
import type { SystemArea } from './system-areas';

export const PUBLIC_ROUTE = 'publicRoute';
export const REQUIRED_AREAS = 'requiredAreas';
export const REQUIRES_STORE = 'requiresStore';

/** No token needed (login, app name, branding images). */
export const Public = () => SetMetadata(PUBLIC_ROUTE, true);

/** The system areas a route needs, all of them; checked by AccessGuard on the server for every call. */
export const RequireAreas = (...areas: SystemArea[]) => SetMetadata(REQUIRED_AREAS, areas);

/**
 * The route needs an access profile with at least one store (e.g. reading rate cards);
 * checked by AccessGuard, 403 otherwise.
 */
export const RequireStore = () => SetMetadata(REQUIRES_STORE, true);

export const CurrentUser = createParamDecorator((_data: unknown, ctx: ExecutionContext): AuthUser => {
  return ctx.switchToHttp().getRequest().user as AuthUser;
});
