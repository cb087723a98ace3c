import {
  BadRequestException,
  ForbiddenException,
  HttpException,
  HttpStatus,
  NotFoundException,
  ServiceUnavailableException,
  UnauthorizedException,
} from '@nestjs/common';
import { textOf } from '../db/numbers';

/** The shape every answer carries (spec 01 section 5): fail, failSummary, failMessages keyed by field. */
export interface ValidationResult {
  fail: boolean;
  failSummary?: string;
  failMessages?: Record<string, string>;
}

export const OK: ValidationResult = Object.freeze({ fail: false });

/** Summary of field messages for people: each message names its field in words already. */
export function summarise(failMessages: Record<string, string>): string {
  const messages = Object.values(failMessages);
  if (messages.length <= 1) return messages[0] ?? 'The request is not valid';
  return `Please correct ${messages.length} fields: ${messages.join('; ')}`;
}

function body(status: number, failMessages: Record<string, string>, failSummary?: string) {
  return {
    statusCode: status,
    validationResult: { fail: true, failSummary: failSummary ?? summarise(failMessages), failMessages },
  };
}

/** 400 with a validationResult. Nothing has been written when this is thrown before the save. */
export class InvalidInput extends BadRequestException {
  constructor(failMessages: Record<string, string>, failSummary?: string) {
    super(body(HttpStatus.BAD_REQUEST, failMessages, failSummary));
  }
}

/** 403: the session may not do this (the client drops its token). */
export class NotAllowed extends ForbiddenException {
  constructor(failSummary = 'You are not allowed to do this') {
    super(body(HttpStatus.FORBIDDEN, {}, failSummary));
  }
}

/** 404: the record does not exist or lies outside the user's stores. */
/** 401: no credentials were sent where some are needed. */
export class NotSignedIn extends UnauthorizedException {
  constructor(failSummary = 'Sign in to do this') {
    super(body(HttpStatus.UNAUTHORIZED, {}, failSummary));
  }
}

/** 503: a service the call needs (the job queue) is away; nothing was written, the call can be made again. */
export class NotAvailable extends ServiceUnavailableException {
  constructor(failSummary: string) {
    super(body(HttpStatus.SERVICE_UNAVAILABLE, {}, failSummary));
  }
}

export class RecordNotFound extends NotFoundException {
  constructor(what = 'Record') {
    super(body(HttpStatus.NOT_FOUND, {}, `${what} not found`));
  }
}

/** Builds a validationResult body for any HttpException that did not come with one. */
export function validationBodyFor(exception: HttpException): Record<string, unknown> {
  const response = exception.getResponse();
  if (typeof response === 'object' && response && 'validationResult' in response) return response;
  const status = exception.getStatus();
  const message =
    typeof response === 'string'
      ? response
      : Array.isArray((response as { message?: unknown }).message)
        ? (response as { message: string[] }).message.join(', ')
        : textOf((response as { message?: unknown }).message ?? exception.message);
  return body(status, {}, message);
}
