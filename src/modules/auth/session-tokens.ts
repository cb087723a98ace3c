import { Injectable, Module } from '@nestjs/common';
import { JwtModule, JwtService } from '@nestjs/jwt';
import { APP_CONFIG, AppConfig } from '../../config/app-config';

/**
 * Claims: the user, the token version it was signed with (see User.tokenVersion), and the login
 * window as it was at signing (changes apply at the next login).
 */
export interface TokenClaims {
  sub: number;
  fh: number;
  th: number;
  d: number;
  /** Absent in tokens signed before versions existed; read as 0. */
  v?: number;
  /** Set by the signer from JWT_EXPIRES_IN; a token without it is refused (jwt.strategy.ts). */
  exp?: number;
}

/** What a token is signed from. */
export interface TokenSubject {
  userID: number;
  fromHour: number;
  toHour: number;
  days: number;
  tokenVersion: number;
}

/** Signs session tokens: at login, and for a user whose own change ended their earlier tokens. */
@Injectable()
export class SessionTokens {
  constructor(private readonly jwt: JwtService) {}

  /** The claims of a token this app signed and that has not expired; throws otherwise. */
  verify(token: string): Promise<TokenClaims> {
    return this.jwt.verifyAsync<TokenClaims & object>(token, { algorithms: ['HS256'] });
  }

  issue(user: TokenSubject): Promise<string> {
    const claims: TokenClaims = { sub: user.userID, fh: user.fromHour, th: user.toHour, d: user.days, v: user.tokenVersion };
    return this.jwt.signAsync(claims);
  }
}

/**
 * Its own module so both the auth module (login) and the users module (a user's own password
 * change answers a fresh token) can sign, without the two importing each other.
 */
@Module({
  imports: [
    JwtModule.registerAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({ secret: config.jwtSecret, signOptions: { expiresIn: config.jwtExpiresIn as never, algorithm: 'HS256' } }),
    }),
  ],
  providers: [SessionTokens],
  exports: [SessionTokens],
})
export class SessionTokensModule {}
