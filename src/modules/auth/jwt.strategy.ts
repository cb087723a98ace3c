import { Inject, Injectable } from '@nestjs/common';
import { createSecretKey } from 'node:crypto';
import { PassportStrategy } from '@nestjs/passport';
import type { Request } from 'express';
import { ExtractJwt, Strategy } from 'passport-jwt';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import type { AuthUser } from '../../common/auth/auth-user';
import { isDownloadRequest } from '../../common/auth/decorators';
import { NotAllowed } from '../../common/http/validation-result';
import { UsersService } from '../users';
import { loginWindowRefusal } from './login-window';
import type { TokenClaims } from './session-tokens';

const fromQuery = ExtractJwt.fromUrlQueryParameter('token');

/**
 * `?token=` is accepted only on routes declared with @Download() (file downloads and Excel
 * exports, which the browser opens as plain links), because a token in a URL ends up in logs,
 * history and Referer headers. AccessGuard marks such requests before this runs; anywhere else
 * the parameter is ignored, so the call has no token and is a 403.
 */
function queryToken(req: Request): string | null {
  return req.method === 'GET' && isDownloadRequest(req) ? fromQuery(req) : null;
}

@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, 'jwt') {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly users: UsersService,
  ) {
    super({
      // Header for API calls; ?token= only on @Download() routes (see queryToken).
      jwtFromRequest: ExtractJwt.fromExtractors([ExtractJwt.fromHeader('x-access-token'), queryToken]),
      ignoreExpiration: false,
      // A key object, not the string: jsonwebtoken would otherwise try the string as a public key
      // (and fail) before making a secret key of it, on every request.
      secretOrKey: createSecretKey(Buffer.from(config.jwtSecret)) as unknown as string,
      algorithms: ['HS256'],
    });
  }

  async validate(claims: TokenClaims): Promise<AuthUser> {
    if (!Number.isInteger(claims?.sub)) throw new NotAllowed('Please log in');
    // jsonwebtoken checks an expiry only when there is one: a token made without it (only possible
    // with the secret) would never end, so it is no session of ours.
    if (typeof claims.exp !== 'number') throw new NotAllowed('Please log in');
    const user = await this.users.loadAuthUser(claims.sub);
    if (!user) throw new NotAllowed('Please log in');
    if (!user.active) throw new NotAllowed('This user is not active');
    // A password change, deactivation or another access profile since the token was signed.
    if ((claims.v ?? 0) !== user.tokenVersion) throw new NotAllowed('Your session has ended, please log in again');
    const refusal = loginWindowRefusal({ fromHour: claims.fh, toHour: claims.th, days: claims.d }, new Date(), this.config.timeZone);
    if (refusal) throw new NotAllowed(refusal);
    return user;
  }
}
