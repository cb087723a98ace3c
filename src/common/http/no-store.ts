import type { RequestHandler } from 'express';

/**
 * Every API answer is `Cache-Control: no-store` unless its route says otherwise (the public
 * branding images are revalidated with their ETag): answers carry a user's figures, stores and
 * session token, which no browser disk cache or shared proxy should keep after the user signs out.
 */
export function noStoreByDefault(): RequestHandler {
  return (_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  };
}
