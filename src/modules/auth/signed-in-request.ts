import { Injectable } from '@nestjs/common';
import type { Request } from 'express';
import type { AuthUser } from '../../common/auth/auth-user';
import { JwtStrategy } from './jwt.strategy';
import { SessionTokens } from './session-tokens';

/** The client keeps its session token in this cookie (client/src/api/token.ts). */
const TOKEN_COOKIE = 'token';

function cookieToken(req: Request): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === TOKEN_COOKIE && value.length) {
      try {
        return decodeURIComponent(value.join('=')) || undefined;
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

/**
 * Who signed a request in, for the few pages outside the API's routes that a signed-in user opens
 * in the browser (the API's own documentation in API_DOCS=signed-in): the x-access-token header,
 * or the client's session cookie, checked exactly as every API call checks its token (the
 * signature, the expiry, an active user, the token version and the login window).
 * Only for GET pages that change nothing: the cookie would otherwise make them forgeable cross-site.
 */
@Injectable()
export class SignedInRequest {
  constructor(
    private readonly tokens: SessionTokens,
    private readonly strategy: JwtStrategy,
  ) {}

  async userOf(req: Request): Promise<AuthUser | null> {
    const header = req.headers['x-access-token'];
    const token = typeof header === 'string' && header ? header : cookieToken(req);
    if (!token) return null;
    try {
      return await this.strategy.validate(await this.tokens.verify(token));
    } catch {
      return null;
    }
  }
}
