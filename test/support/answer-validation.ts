import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { appendFileSync, existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Response, Test } from 'supertest';
import type { Row } from './api';

/**
 * Every answer an API test meets is checked against the OpenAPI document (issue 27): the
 * operation is found by method and path template, the answer by status, and the body validated
 * with ajv against that answer's schema (a file's answer by its content type only). An answer
 * the document does not describe — an undocumented status, a field of the wrong type, a missing
 * required field, a field a closed record does not declare — fails the test that met it.
 *
 * The document is built once per run (global-setup.ts writes it beside the test database, as
 * buildOpenApiDocument makes it for /api/docs-json). ANSWER_VALIDATION_REPORT=1 prints how many
 * answers were validated at the end of the run (global-teardown.ts).
 */

type Document = Row;
interface Operation {
  method: string;
  template: string;
  pattern: RegExp;
  /** Path parameters: a literal path beats a template that also matches it. */
  params: number;
  responses: Record<string, Row>;
}

const DOCUMENT_FILE = 'openapi.json';
const COUNTS_PREFIX = 'answer-validation-';

/** The answers validated by this test file: `METHOD /template status` -> count. */
const counts: Record<string, number> = {};
/** Answers of paths the document does not have (static files, the catch-all 404). */
let unmatched = 0;

class AnswerValidator {
  private readonly ajv: Ajv;
  private readonly operations: Operation[];
  private readonly compiled = new Map<string, ValidateFunction>();

  constructor(readonly document: Document) {
    // OpenAPI 3.0 schemas: `nullable`, `example` and `format: binary` are not JSON Schema's own.
    this.ajv = new Ajv({ strict: false, allErrors: true, discriminator: false });
    addFormats(this.ajv);
    this.ajv.addFormat('binary', true);
    this.ajv.addSchema({ components: document.components }, 'openapi');
    this.operations = Object.entries(document.paths as Record<string, Record<string, Row>>)
      .flatMap(([template, item]) =>
        Object.entries(item).map(([method, operation]) => ({
          method: method.toUpperCase(),
          template,
          pattern: new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`),
          params: (template.match(/\{/g) ?? []).length,
          responses: operation.responses as Record<string, Row>,
        })),
      )
      .sort((a, b) => a.params - b.params);
  }

  operation(method: string, path: string): Operation | undefined {
    return this.operations.find((o) => o.method === method && o.pattern.test(path));
  }

  /** The schema's validator, with the document's $refs resolved against its components. */
  private validator(key: string, schema: Row): ValidateFunction {
    let validate = this.compiled.get(key);
    if (!validate) {
      const text = JSON.stringify(schema).replace(/"#\/components\//g, '"openapi#/components/');
      validate = this.ajv.compile(JSON.parse(text) as object);
      this.compiled.set(key, validate);
    }
    return validate;
  }

  /** What is wrong with the answer, in words; null when it is as documented. */
  problems(method: string, path: string, status: number, contentType: string, body: unknown): string | null {
    const operation = this.operation(method, path);
    if (!operation) {
      unmatched += 1;
      return null;
    }
    const name = `${method} ${operation.template}`;
    const response = operation.responses[String(status)] ?? operation.responses[`${String(status)[0]}XX`] ?? operation.responses.default;
    if (!response) return `${name} answered ${status}, a status its operation does not document (documented: ${Object.keys(operation.responses).join(', ')})`;
    counts[`${name} ${status}`] = (counts[`${name} ${status}`] ?? 0) + 1;
    if (process.env.ANSWER_CAPTURE && counts[`${name} ${status}`] <= 3) {
      appendFileSync(
        join(process.env.ANSWER_CAPTURE, `${process.pid}.jsonl`),
        `${JSON.stringify({ key: `${name} ${status}`, contentType, body: Buffer.isBuffer(body) ? '<binary>' : body })}\n`,
      );
    }
    const content = response.content as Record<string, Row> | undefined;
    // No body documented (304): nothing more to check.
    if (!content) return null;
    const type = contentType.split(';')[0].trim().toLowerCase();
    const json = content['application/json'];
    if (!json || !type.includes('json')) {
      const types = Object.keys(content);
      if (types.some((t) => t === '*/*' || t === type || (t.endsWith('/*') && type.startsWith(t.slice(0, -1))))) return null;
      return `${name} ${status} answered content type '${type}', the document says ${types.join(' or ')}`;
    }
    const validate = this.validator(`${name} ${status}`, json.schema as Row);
    const value = Buffer.isBuffer(body) ? (JSON.parse(body.toString('utf8')) as unknown) : body;
    if (validate(value)) return null;
    return `${name} ${status}: the answer does not match the document:\n${describe(validate.errors ?? [], value)}`;
  }
}

function describe(errors: ErrorObject[], body: unknown): string {
  const lines = errors.slice(0, 8).map((e) => {
    const extra = e.keyword === 'additionalProperties' ? ` '${(e.params as { additionalProperty: string }).additionalProperty}'` : '';
    return `  ${e.instancePath || '(body)'} ${e.message}${extra} [${e.schemaPath}]`;
  });
  if (errors.length > 8) lines.push(`  … and ${errors.length - 8} more`);
  lines.push(`  body: ${JSON.stringify(body)?.slice(0, 400)}`);
  return lines.join('\n');
}

let validator: AnswerValidator | null = null;

const documentFile = () => (process.env.TEST_DATA_DIR ? join(process.env.TEST_DATA_DIR, DOCUMENT_FILE) : null);

/**
 * The validator, built from the run's document: the one global-setup.ts wrote, else `build()`'s
 * (a test file run without the global setup), kept for the rest of the run.
 */
export function answerValidator(build?: () => Document): AnswerValidator | null {
  if (validator) return validator;
  const file = documentFile();
  let document: Document | undefined;
  if (file && existsSync(file)) document = JSON.parse(readFileSync(file, 'utf8')) as Document;
  else if (build) {
    document = JSON.parse(JSON.stringify(build())) as Document;
    if (file) writeFileSync(file, JSON.stringify(document));
  }
  if (document) validator = new AnswerValidator(document);
  return validator;
}

/** Throws, naming the operation, status and the ajv error paths, when the answer is not as documented. */
export function checkAnswer(method: string, url: string, res: Response): void {
  if (process.env.ANSWER_VALIDATION === 'off' || method === 'HEAD') return;
  const path = new URL(url, 'http://localhost').pathname;
  if (!path.startsWith('/api/')) return;
  const problem = answerValidator()?.problems(method, path, res.status, String(res.headers['content-type'] ?? ''), res.body);
  if (problem && process.env.ANSWER_CAPTURE) appendFileSync(join(process.env.ANSWER_CAPTURE, `problems-${process.pid}.txt`), `${problem}\n\n`);
  else if (problem) throw new Error(`Answer not as the OpenAPI document says (${method} ${url.replace(/^https?:\/\/[^/]+/, '')}):\n${problem}`);
}

/** The request, its answer checked by checkAnswer when awaited. */
function checked(test: Test): Test {
  const original: Test['then'] = test.then.bind(test);
  let answered: Promise<Response> | undefined;
  const then: Test['then'] = (onOk, onError) => {
    answered ??= original((res: Response) => {
      checkAnswer(test.method, test.url, res);
      return res;
    });
    return answered.then(onOk, onError);
  };
  return Object.assign(test, { then });
}

const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete', 'del', 'head', 'options']);

/** The supertest agent, every request of which has its answer checked. */
export function validatingAgent<T extends object>(agent: T): T {
  return new Proxy(agent, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver) as unknown;
      if (typeof property !== 'string' || !METHODS.has(property) || typeof value !== 'function') return value;
      return (...args: unknown[]) => checked((value as (...a: unknown[]) => Test).apply(target, args));
    },
  });
}

/** This file's counts, for global-teardown.ts to add up. */
function saveCounts(): void {
  if (!process.env.TEST_DATA_DIR || (!Object.keys(counts).length && !unmatched)) return;
  const file = join(process.env.TEST_DATA_DIR, `${COUNTS_PREFIX}${process.pid}.jsonl`);
  appendFileSync(file, `${JSON.stringify({ counts, unmatched })}\n`);
}

if (typeof afterAll === 'function') afterAll(saveCounts);

/** The run's figures (global-teardown.ts prints them with ANSWER_VALIDATION_REPORT=1); null when no test file validated an answer. */
export function validationReport(dataDir: string): string | null {
  const all: Record<string, number> = {};
  let files = 0;
  let others = 0;
  for (const name of readdirSync(dataDir).filter((n) => n.startsWith(COUNTS_PREFIX))) {
    for (const line of readFileSync(join(dataDir, name), 'utf8').split('\n').filter(Boolean)) {
      const entry = JSON.parse(line) as { counts: Record<string, number>; unmatched: number };
      files += 1;
      others += entry.unmatched;
      for (const [key, n] of Object.entries(entry.counts)) all[key] = (all[key] ?? 0) + n;
    }
  }
  if (files === 0) return null;
  const total = Object.values(all).reduce((a, b) => a + b, 0);
  const operations = new Set(Object.keys(all).map((key) => key.replace(/ \d+$/, ''))).size;
  const document = existsSync(join(dataDir, DOCUMENT_FILE)) ? (JSON.parse(readFileSync(join(dataDir, DOCUMENT_FILE), 'utf8')) as Document) : null;
  const documentedKeys = document
    ? Object.entries(document.paths as Record<string, Row>).flatMap(([path, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`))
    : [];
  const met = new Set(Object.keys(all).map((key) => key.replace(/ \d+$/, '')));
  const unmet = documentedKeys.filter((key) => !met.has(key));
  return (
    `Answers validated against the OpenAPI document: ${total} in ${files} test files, ${operations} of ${documentedKeys.length || '?'} operations met ` +
    `(${others} answers outside the document not checked)${unmet.length ? `\nOperations no test met: ${unmet.join(', ')}` : ''}`
  );
}
