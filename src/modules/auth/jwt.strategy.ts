import { Inject, Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
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

@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, 'jwt') {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly users: UsersService,
  ) {
    super({
      // Header for API calls; ?token= for downloads and Excel exports.
      jwtFromRequest: ExtractJwt.fromExtractors([
        ExtractJwt.fromHeader('x-access-token'),
        ExtractJwt.fromUrlQueryParameter('token'),
      ]),
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
