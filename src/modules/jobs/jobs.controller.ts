import { Body, Controller, Get, Inject, Post, Query } from '@nestjs/common';
import type { AuthUser } from '../../common/auth/auth-user';
import { CurrentUser, RequireAreas } from '../../common/auth/decorators';
import { NoBodyPipe } from '../../common/http/no-body.pipe';
import { InvalidInput, OK } from '../../common/http/validation-result';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { QueueBoardAccess } from './queue-board';
import { JobsService } from './jobs.service';

/** GET /api/longRunningOperation: the caller's operation, polled every 500 ms by the client. */
@Controller()
export class JobsController {
  constructor(
    private readonly jobs: JobsService,
    private readonly board: QueueBoardAccess,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Without operationID: the caller's latest operation (data null when they have none). */
  @Get('longRunningOperation')
  async operation(@Query() query: Record<string, unknown>, @CurrentUser() user: AuthUser) {
    const unknown = Object.keys(query).filter((k) => k !== 'operationID');
    if (unknown.length) throw new InvalidInput(Object.fromEntries(unknown.map((k) => [k.slice(0, 40), `Unknown parameter ${k.slice(0, 40)}`])));
    const raw = query.operationID;
    if (raw === undefined) return { validationResult: OK, data: await this.jobs.latest(user) };
    if (typeof raw !== 'string' || !/^\d{1,9}$/.test(raw)) throw new InvalidInput({ operationID: 'operationID must be an operation id' });
    return { validationResult: OK, data: await this.jobs.get(Number(raw), user) };
  }

  /**
   * Which queue runs jobs, and (scale-out) a one-minute ticket that opens the Bull Board at
   * /api/queues (these routes stay outside /api/queues, where the board's own guard rules).
   */
  @Get('jobQueue')
  @RequireAreas('SystemSetup')
  mode() {
    return { validationResult: OK, data: { mode: this.jobs.mode, board: this.config.jobQueue === 'bull' } };
  }

  @Post('jobQueue/boardTicket')
  @RequireAreas('SystemSetup')
  async ticket(@Body(NoBodyPipe) _body: unknown, @CurrentUser() user: AuthUser) {
    if (this.config.jobQueue !== 'bull') throw new InvalidInput({}, 'The queue board runs with Bull on Redis (scale-out); this app runs jobs in process');
    return { validationResult: OK, data: { url: `/api/queues?ticket=${await this.board.ticket(user)}` } };
  }
}
