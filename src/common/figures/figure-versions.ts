import { AsyncLocalStorage } from 'node:async_hooks';
import { Injectable, Module } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { AuthUser } from '../auth/auth-user';
import { textOf } from '../db/numbers';

/**
 * The version of everything a caller's figures are read from, in one statement: the change
 * counters of their stores' counted sales (saleFigureVersion, raised by the sales' triggers) and
 * of the other tables the dashboard reads (dataVersion: daily stats, targets, metrics, stores,
 * names; migration 1764900000000). Counters only rise, so each sum moves whenever one of its
 * counters does, and an answer kept under a version is never stale, across API processes too.
 *
 * Reads asked for while one is under way for the same request's user share it (a dashboard's
 * parallel reads: one statement); once it is back, the next read asks again.
 */
@Injectable()
export class FigureVersions {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  private readonly reading = new WeakMap<AuthUser, Promise<string>>();

  of(user: AuthUser): Promise<string> {
    let reading = this.reading.get(user);
    if (!reading) {
      reading = this.read(user).finally(() => this.reading.delete(user));
      this.reading.set(user, reading);
    }
    return reading;
  }

  private async read(user: AuthUser): Promise<string> {
    const stores = [...user.storeIDs].sort((a, b) => a - b);
    const sales = stores.length ? `(SELECT COALESCE(SUM(version), 0) FROM saleFigureVersion WHERE storeID IN (${stores.map(() => '?').join(', ')}))` : '0';
    const [row]: Array<{ sales: unknown; data: unknown }> = await this.dataSource.query(
      `SELECT ${sales} AS sales, (SELECT COALESCE(SUM(version), 0) FROM dataVersion) AS data`,
      stores,
    );
    return `${stores.join(',')}@${textOf(row?.sales ?? 0)}/${textOf(row?.data ?? 0)}`;
  }
}

/** What a kept answer's reads were: all under the versions, or one not (a read of `sale` itself). */
const answerReads = new AsyncLocalStorage<{ versioned: boolean }>();

/**
 * Says the answer being built read data no version counts (a sale's analysis values, say): it
 * is answered, but not kept. Outside a kept answer it does nothing.
 */
export function unversionedRead(): void {
  const reads = answerReads.getStore();
  if (reads) reads.versioned = false;
}

/** Runs `build` noting its reads: `versioned` is false after it when one was unversionedRead(). */
export async function readingVersioned<T>(build: () => Promise<T>): Promise<{ value: T; versioned: boolean }> {
  const reads = { versioned: true };
  const value = await answerReads.run(reads, build);
  return { value, versioned: reads.versioned };
}

@Module({ providers: [FigureVersions], exports: [FigureVersions] })
export class FigureVersionsModule {}
