import { json, type RequestHandler } from 'express';
import { illFormedTextFailure, illFormedTextPaths } from './well-formed-text';

const MAX_JSON = '1mb';

/**
 * Deepest nesting of objects and arrays a body may have. Real bodies are a few levels deep
 * (a discount's stores, a rate card mapping); a far deeper one is an attack on the code that
 * walks bodies recursively (class-transformer, class-validator, Nest's ValidationPipe), whose
 * stack overflow would otherwise be a 500.
 */
export const MAX_JSON_DEPTH = 32;

function failure(summary: string) {
  return { statusCode: 400, validationResult: { fail: true, failSummary: summary, failMessages: {} } };
}

/**
 * Whether `value` nests objects or arrays more than `limit` levels deep (a plain object is 1).
 * Walked with an explicit stack rather than recursion, so the check itself cannot overflow on
 * the input it exists to refuse; it stops at the first node past the limit.
 */
export function nestedDeeperThan(value: unknown, limit: number): boolean {
  const stack: Array<{ node: unknown; depth: number }> = [{ node: value, depth: 1 }];
  while (stack.length) {
    const { node, depth } = stack.pop()!;
    if (node === null || typeof node !== 'object') continue;
    if (depth > limit) return true;
    for (const child of Object.values(node)) {
      if (child !== null && typeof child === 'object') stack.push({ node: child, depth: depth + 1 });
    }
  }
  return false;
}

/**
 * JSON bodies, with parse failures answered here as 400 + validationResult: a malformed,
 * oversized or too deeply nested body, or one holding text that is not well-formed Unicode, is bad input like any other, and never reaches a route.
 * (JSON.parse itself is iterative in V8, so parsing a deep body is safe; walking it is not.)
 */
export function jsonBodies(): RequestHandler {
  const parse = json({ limit: MAX_JSON });
  return (req, res, next) => {
    parse(req, res, (error?: unknown) => {
      if (!error) {
        if (nestedDeeperThan(req.body, MAX_JSON_DEPTH)) {
          res.status(400).json(failure(`The request body is nested too deeply (more than ${MAX_JSON_DEPTH} levels)`));
          return;
        }
        const illFormed = illFormedTextPaths(req.body);
        if (illFormed.length) {
          res.status(400).json(illFormedTextFailure(illFormed));
          return;
        }
        return next();
      }
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
