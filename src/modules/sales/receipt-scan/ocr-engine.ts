import { Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createWorker, OEM, type Worker } from 'tesseract.js';

/**
 * The English model shipped in the @tesseract.js-data/eng package: the LSTM "best_int" model,
 * which is what tesseract.js loads for its default (LSTM only) engine. Read from node_modules, so
 * nothing is ever fetched (without a langPath, tesseract.js would download it from a CDN).
 */
export function englishModelDir(): string {
  const bestInt = join(dirname(require.resolve('@tesseract.js-data/eng/package.json')), '4.0.0_best_int');
  if (existsSync(join(bestInt, MODEL_FILE))) return bestInt;
  // Another layout of the package: the folder its own index names (the full model, LSTM included).
  // The package has no types and is read only when the first layout is missing: a plain require.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (require('@tesseract.js-data/eng') as { langPath: string }).langPath;
}

/** The model's file name in that folder (gzip: true). */
export const MODEL_FILE = 'eng.traineddata.gz';

/** How long one recognition may take before the worker is thrown away and the scan refused. */
export const OCR_TIMEOUT_MS = 60_000;

interface Running {
  worker: Worker;
  /** Settles (rejected) only if the worker thread dies. */
  died: Promise<never>;
}

/** Recognition failed: the image could not be decoded, the worker died, or it took too long. */
export class OcrFailed extends Error {}

/**
 * One tesseract.js worker (a worker thread running tesseract's WebAssembly build), created on the
 * first scan and reused; scans take turns on it. A worker that fails or takes too long is
 * terminated and the next scan starts a fresh one. Closed with the module, so the app and the
 * tests exit cleanly.
 */
@Injectable()
export class OcrEngine implements OnModuleDestroy {
  private readonly logger = new Logger('ReceiptOcr');
  private worker: Promise<Running> | null = null;
  /** The end of the queue: each scan waits for the one before it. */
  private queue: Promise<unknown> = Promise.resolve();
  private closed = false;

  /** The text tesseract reads in the image file at `path` (jpeg or png). */
  recognize(path: string): Promise<string> {
    const turn = this.queue.then(() => this.recognizeNow(path));
    this.queue = turn.catch(() => undefined);
    return turn;
  }

  /** Whether a worker is running (started and not closed). */
  get started(): boolean {
    return this.worker !== null;
  }

  async onModuleDestroy(): Promise<void> {
    this.closed = true;
    await this.discard();
  }

  private async recognizeNow(path: string): Promise<string> {
    if (this.closed) throw new OcrFailed('The OCR engine is closed');
    const { worker, died } = await (this.worker ??= this.start());
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new OcrFailed(`Recognition took more than ${OCR_TIMEOUT_MS / 1000} s`)), OCR_TIMEOUT_MS);
    });
    try {
      const result = await Promise.race([worker.recognize(path), timeout, died]);
      return result.data.text ?? '';
    } catch (error) {
      // Whatever went wrong (an image tesseract cannot decode is rejected by the worker; a crash
      // or a hang leaves it unusable), the next scan gets a fresh worker.
      this.logger.warn(`Receipt OCR failed: ${error instanceof Error ? error.message : String(error)}`);
      await this.discard();
      throw error instanceof OcrFailed ? error : new OcrFailed(String(error instanceof Error ? error.message : error));
    } finally {
      clearTimeout(timer);
    }
  }

  private async start(): Promise<Running> {
    const started = Date.now();
    try {
      const worker = await createWorker('eng', OEM.LSTM_ONLY, {
        langPath: englishModelDir(),
        gzip: true,
        // Neither read nor write a cached copy (tesseract.js would otherwise write
        // eng.traineddata into the working directory).
        cacheMethod: 'none',
        // Without a handler tesseract.js throws a worker's rejection as an uncaught exception.
        errorHandler: (error: unknown) => this.logger.debug(`tesseract: ${String(error)}`),
      });
      this.logger.log(`OCR worker ready in ${Date.now() - started} ms`);
      return { worker, died: this.death(worker) };
    } catch (error) {
      this.worker = null;
      throw new OcrFailed(`The OCR worker did not start: ${String(error)}`);
    }
  }

  /**
   * Rejects when the worker thread dies (an exception or an abort inside tesseract); listened to
   * once per worker, so an 'error' event never goes unhandled.
   */
  private death(worker: Worker): Promise<never> {
    const thread = (worker as unknown as { worker?: NodeJS.EventEmitter }).worker;
    const died = new Promise<never>((_, reject) => {
      thread?.on('error', (error: Error) => reject(new OcrFailed(`The OCR worker failed: ${error.message}`)));
      thread?.on('exit', (code: number) => reject(new OcrFailed(`The OCR worker stopped (exit code ${code})`)));
    });
    died.catch(() => undefined);
    return died;
  }

  private async discard(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    if (!worker) return;
    await worker.then(({ worker: w }) => w.terminate()).catch(() => undefined);
  }
}
