import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { AuthUser } from '../../common/auth/auth-user';
import { FigureCache } from '../../common/figures/figure-cache';
import { FigureVersions, readingVersioned } from '../../common/figures/figure-versions';
import { MetricEngine } from './metric-engine';

type Encoding = 'br' | 'gzip';

/** A JSON answer as bytes, with its ETag, and each compressed form made once, when first asked for. */
export interface KeptBody {
  json: Buffer;
  etag: string;
  encoded: Partial<Record<Encoding, Promise<Buffer>>>;
}

const ENCODERS: Record<Encoding, (json: Buffer) => Promise<Buffer>> = {
  // Quality 4, as the API's compression middleware: a dashboard answer is made once per change.
  br: (json) => promisify(brotliCompress)(json, { params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_SIZE_HINT]: json.length } }),
  gzip: (json) => promisify(gzip)(json),
};
/** Below this an answer goes as it is (the compression middleware's threshold). */
const COMPRESS_FROM = 1024;
/** Dashboard answers kept per API process (the cards of forty stores are 66 KB, a few KB compressed). */
const CAPACITY = 200;

/**
 * The dashboard's answers (cards, tables, league tables, the daily table) kept whole, as the
 * bytes sent, under a key naming all they were made from: the figure versions of the caller's
 * stores and of the other tables they read (FigureVersions), the caller as loaded for this
 * request (profile, stores, figure flags, areas), today, and what was asked. Until one of those
 * moves, a dashboard opened again (by the same manager, or twenty times at nine) is one version
 * read and bytes already compressed; after, the next call builds it again. An answer that read
 * data no version counts (a metric filtered on a sale's analysis value reads `sale`) is sent but
 * not kept.
 */
@Injectable()
export class KeptAnswers {
  private readonly cache = new FigureCache(CAPACITY);

  constructor(
    private readonly versions: FigureVersions,
    private readonly engine: MetricEngine,
  ) {}

  async answer(user: AuthUser, what: unknown[], build: () => Promise<object>): Promise<KeptBody> {
    const version = await this.versions.of(user);
    const caller = { ...user, systemAreas: [...user.systemAreas].sort() };
    const key = JSON.stringify([version, this.engine.today(), caller, what]);
    const kept = this.cache.read(key, async () => {
      const { value, versioned } = await readingVersioned(build);
      return { body: keptBody(value), versioned };
    });
    const { body, versioned } = await kept;
    if (!versioned) this.cache.forget(key, kept);
    return body;
  }
}

function keptBody(value: object): KeptBody {
  const json = Buffer.from(JSON.stringify(value));
  // Express's weak ETag of a JSON answer: its length and a hash of its bytes.
  const etag = `W/"${json.length.toString(16)}-${createHash('sha1').update(json).digest('base64').slice(0, 27)}"`;
  return { json, etag, encoded: {} };
}

/**
 * Sends a kept answer as res.json would (ETag, 304 when the browser holds it), compressed as the
 * client accepts (brotli before gzip) from the kept forms; the compression middleware leaves an
 * answer already encoded alone.
 */
export async function sendKept(req: Request, res: Response, body: KeptBody): Promise<void> {
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('ETag', body.etag);
  res.vary('Accept-Encoding');
  if (req.fresh) {
    res.status(304).end();
    return;
  }
  const accepted = req.acceptsEncodings();
  const encoding = body.json.length < COMPRESS_FROM ? undefined : (['br', 'gzip'] as const).find((e) => accepted.includes(e));
  let bytes = body.json;
  if (encoding) {
    body.encoded[encoding] ??= ENCODERS[encoding](body.json);
    bytes = await body.encoded[encoding];
    res.setHeader('Content-Encoding', encoding);
  }
  res.setHeader('Content-Length', bytes.length);
  res.end(bytes);
}
