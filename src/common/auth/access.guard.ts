import { ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import { NotAllowed } from '../http/validation-result';
import type { AuthUser } from './auth-user';
import { DOWNLOAD_ROUTE, markDownloadRequest, PUBLIC_ROUTE, REQUIRED_ANY_AREAS, REQUIRED_AREAS, REQUIRES_STORE } from './decorators';
import type { SystemArea } from './system-areas';

/**
 * Global guard: a valid token (passport-jwt, which also reloads the user so deactivation
 * bites at once; from `?token=` too on @Download() routes), every system area the route declares
 * (and one of those it declares with RequireAnyArea),
 * and at least one store when the route says so (RequireStore). Any failure is a 403.
 */
@Injectable()
export class AccessGuard extends AuthGuard('jwt') {
  constructor(private readonly reflector: Reflector) {
    super();
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(PUBLIC_ROUTE, targets)) return true;
    const request = context.switchToHttp().getRequest<{ user?: AuthUser }>();
    // The strategy reads ?token= only for these (see queryToken in jwt.strategy.ts).
    if (this.reflector.getAllAndOverride<boolean>(DOWNLOAD_ROUTE, targets)) markDownloadRequest(request);
    await super.canActivate(context);
    const user = request.user as AuthUser;
    const areas = this.reflector.getAllAndMerge<SystemArea[]>(REQUIRED_AREAS, targets) ?? [];
    const missing = areas.filter((area) => !user.systemAreas.has(area));
    if (missing.length) throw new NotAllowed(`Your access profile does not include ${missing.join(', ')}`);
    const anyOf = this.reflector.getAllAndOverride<SystemArea[]>(REQUIRED_ANY_AREAS, targets) ?? [];
    if (anyOf.length && !anyOf.some((area) => user.systemAreas.has(area))) {
      throw new NotAllowed(`Your access profile does not include ${anyOf.join(' or ')}`);
    }
    if (this.reflector.getAllAndOverride<boolean>(REQUIRES_STORE, targets) && user.storeIDs.length === 0) {
      throw new NotAllowed('Your access profile does not include any store');
    }
    return true;
  }

  override handleRequest<TUser>(err: unknown, user: TUser | false, info: unknown): TUser {
    if (err instanceof NotAllowed) throw err;
    if (err || !user) {
      const expired = (info as Error | undefined)?.name === 'TokenExpiredError';
      throw new NotAllowed(expired ? 'Your session has expired, please log in again' : 'Please log in');
    }
    return user;
  }
}
