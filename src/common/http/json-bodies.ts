import { json, type RequestHandler } from 'express';

const MAX_JSON = '1mb';

function failure(summary: string) {
  return { statusCode: 400, validationResult: { fail: true, failSummary: summary, failMessages: {} } };
}

/**
 * JSON bodies, with parse failures answered here as 400 + validationResult: a malformed or
 * oversized body is bad input like any other, and never reaches a route.
 */
export function jsonBodies(): RequestHandler {
  const parse = json({ limit: MAX_JSON });
  return (req, res, next) => {
    parse(req, res, (error?: unknown) => {
      if (!error) return next();
      const type = (error as { type?: string }).type;
      const summary =
        type === 'entity.too.large'
          ? `The request body is larger than ${MAX_JSON}`
          : type === 'entity.parse.failed'
            ? 'The request body is not valid JSON'
            : 'The request body could not be read';
      res.status(400).json(failure(summary));
    });
  };
}
