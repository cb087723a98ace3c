import { createParamDecorator, ExecutionContext, HttpException } from '@nestjs/common';
import type { ServerResponse } from 'node:http';

/** Status logged for a request whose client left before the answer (nginx's "client closed request"). */
const CLIENT_CLOSED_REQUEST = 499;

/**
 * Thrown by long work (reading an uploaded workbook) once its client has gone: the work stops,
 * and no one is left to read the answer. An HttpException, so it is never logged as a failure.
 */
export class ClientGone extends HttpException {
  constructor() {
    super(
      { statusCode: CLIENT_CLOSED_REQUEST, validationResult: { fail: true, failSummary: 'The request was closed by the client', failMessages: {} } },
      CLIENT_CLOSED_REQUEST,
    );
  }
}

/**
 * Aborted when the connection closes before the response has been sent. The response's 'close'
 * is used rather than the request's: the request also closes once its body has been read.
 */
export function clientGoneSignal(res: ServerResponse): AbortSignal {
  const controller = new AbortController();
  if (res.destroyed) controller.abort();
  else res.once('close', () => !res.writableFinished && controller.abort());
  return controller.signal;
}

/** The request's client-gone AbortSignal, for a handler to pass to work that should stop with it. */
export const ClientGoneSignal = createParamDecorator((_data: unknown, ctx: ExecutionContext): AbortSignal =>
  clientGoneSignal(ctx.switchToHttp().getResponse<ServerResponse>()),
);
