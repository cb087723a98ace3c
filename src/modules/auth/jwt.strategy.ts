import { Inject, Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import type { Request } from 'express';
import { ExtractJwt, Strategy } from 'passport-jwt';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import type { AuthUser } from '../../common/auth/auth-user';
import { NotAllowed } from '../../common/http/validation-result';
import { UsersService } from '../users/users/users.service';
import { loginWindowRefusal } from './login-window';

/** Claims: the user, and the login window as it was at login (changes apply at next login). */
export interface TokenClaims {
  sub: number;
  fh: number;
  th: number;
  d: number;
}

/** GET routes whose links the browser follows itself (an <a href>), so they cannot send a header. */
const LINK_ROUTE = /\/(excel|download)\/?$/;
const fromQuery = ExtractJwt.fromUrlQueryParameter('token');

/**
 * `?token=` is accepted only where the contract allows it (ARCHITECTURE.md: file downloads and
 * Excel exports), because a token in a URL ends up in logs, history and Referer headers. Anywhere
 * else it is ignored, so the call has no token and is a 403.
 */
function queryToken(req: Request): string | null {
  return req.method === 'GET' && LINK_ROUTE.test(req.path) ? fromQuery(req) : null;
}

@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, 'jwt') {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly users: UsersService,
  ) {
    super({
      // Header for API calls; ?token= only for downloads and Excel exports (see queryToken).
      jwtFromRequest: ExtractJwt.fromExtractors([ExtractJwt.fromHeader('x-access-token'), queryToken]),
      ignoreExpiration: false,
      secretOrKey: config.jwtSecret,
      algorithms: ['HS256'],
    });
  }

  async validate(claims: TokenClaims): Promise<AuthUser> {
    if (!Number.isInteger(claims?.sub)) throw new NotAllowed('Please log in');
    const user = await this.users.loadAuthUser(claims.sub);
    if (!user) throw new NotAllowed('Please log in');
    if (!user.active) throw new NotAllowed('This user is not active');
    const refusal = loginWindowRefusal({ fromHour: claims.fh, toHour: claims.th, days: claims.d }, new Date(), this.config.timeZone);
    if (refusal) throw new NotAllowed(refusal);
    return user;
  }
}
