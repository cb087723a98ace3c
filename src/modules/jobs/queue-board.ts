import { Inject, Injectable } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import type Redis from 'ioredis';
import { randomBytes } from 'node:crypto';
import { hasArea, type AuthUser } from '../../common/auth/auth-user';
import { REDIS } from '../../common/redis/redis.module';

const TICKET_SECONDS = 60;
const SESSION_SECONDS = 30 * 60;
const COOKIE = 'queueBoard';

/**
 * Who may open the Bull Board (/api/queues, scale-out only): a browser page cannot send the
 * x-access-token header, so a SystemSetup user asks for a one-minute ticket (POST
 * /api/jobQueue/boardTicket), opens the board with it, and gets a 30-minute HttpOnly cookie scoped to
 * /api/queues. Tickets and sessions live in Redis, so any API node accepts them.
 */
@Injectable()
export class QueueBoardAccess {
  constructor(@Inject(REDIS) private readonly redis: Redis | null) {}

  async ticket(user: AuthUser): Promise<string> {
    if (!hasArea(user, 'SystemSetup')) throw new Error('SystemSetup only');
    const ticket = randomBytes(24).toString('base64url');
    await this.redis!.set(`queueBoard:ticket:${ticket}`, String(user.userID), 'EX', TICKET_SECONDS);
    return ticket;
  }

  /** The board's middleware: a ticket becomes a session cookie; anything else needs the cookie. */
  readonly middleware = async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    try {
      const ticket = typeof req.query.ticket === 'string' ? req.query.ticket : null;
      if (ticket && /^[\w-]{20,64}$/.test(ticket)) {
        const userID = await this.redis!.getdel(`queueBoard:ticket:${ticket}`);
        if (userID) {
          const session = randomBytes(24).toString('base64url');
          await this.redis!.set(`queueBoard:session:${session}`, userID, 'EX', SESSION_SECONDS);
          res.cookie(COOKIE, session, { httpOnly: true, sameSite: 'strict', path: '/api/queues', maxAge: SESSION_SECONDS * 1000 });
          res.redirect(302, '/api/queues');
          return;
        }
      }
      const session = /(?:^|;\s*)queueBoard=([\w-]{20,64})/.exec(req.headers.cookie ?? '')?.[1];
      if (session && (await this.redis!.get(`queueBoard:session:${session}`))) {
        next();
        return;
      }
      res
        .status(403)
        .json({ statusCode: 403, validationResult: { fail: true, failSummary: 'Open the queue board from the Jobs page (SystemSetup)', failMessages: {} } });
    } catch (error) {
      next(error);
    }
  };
}
