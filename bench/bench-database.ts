import { createConnection } from 'mysql2/promise';

/** Drops and recreates the MySQL/MariaDB database of `url`, which must say it is for benchmarks or tests. */
export async function recreate(url: string): Promise<void> {
  const u = new URL(url);
  const name = decodeURIComponent(u.pathname.slice(1));
  if (!/^\w{1,54}$/.test(name) || !/bench|test/i.test(name))
    throw new Error(`BENCH_DATABASE_URL must name a database with "bench" or "test" in it (it is dropped), got "${name}"`);
  const c = await createConnection({
    host: u.hostname,
    port: Number(u.port || 3306),
    user: decodeURIComponent(u.username || 'root'),
    password: decodeURIComponent(u.password),
  });
  await c.query(`DROP DATABASE IF EXISTS \`${name}\``);
  await c.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  await c.end();
}

/**
 * A MariaDB server of the bench's own: a fresh data directory, a free port, the buffer pool
 * asked for, no grant tables (root without a password), nothing shared with the machine's
 * server. The bench may change its settings (a buffer pool size, the general log) because
 * nobody else uses it; stop() ends the process and removes the directory.
 */
export interface OwnMariaDb {
  url: (database: string) => string;
  port: number;
  /** Sets the buffer pool (MB) of this server only (innodb_buffer_pool_size is dynamic) and waits for the resize. */
  setBufferPoolMB(mb: number): Promise<void>;
  stop(): Promise<void>;
}

export async function startOwnMariaDb(bufferPoolMB = 128): Promise<OwnMariaDb> {
  const { spawn, execFileSync } = await import('node:child_process');
  const { mkdtempSync, rmSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const path = await import('node:path');
  const join = (...parts: string[]) => path.join(...parts);
  const { createServer } = await import('node:net');
  const port = await new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const p = (server.address() as { port: number }).port;
      server.close(() => resolve(p));
    });
  });
  const dir = mkdtempSync(join(tmpdir(), 'bench-mariadb-'));
  const data = join(dir, 'data');
  execFileSync('mariadb-install-db', ['--no-defaults', `--datadir=${data}`, '--user=root', '--auth-root-authentication-method=normal', '--skip-test-db'], {
    stdio: 'ignore',
  });
  const child = spawn(
    'mariadbd',
    [
      '--no-defaults',
      `--datadir=${data}`,
      `--socket=${join(dir, 'mariadb.sock')}`,
      `--pid-file=${join(dir, 'mariadb.pid')}`,
      `--port=${port}`,
      '--bind-address=127.0.0.1',
      '--user=root',
      '--skip-grant-tables',
      '--skip-log-bin',
      `--innodb-buffer-pool-size=${bufferPoolMB}M`,
      '--max-connections=500',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => (errors = (errors + chunk.toString()).slice(-4000)));
  const url = (database: string) => `mysql://root@127.0.0.1:${port}/${database}`;
  for (let i = 0; ; i++) {
    try {
      const c = await createConnection({ host: '127.0.0.1', port, user: 'root' });
      await c.end();
      break;
    } catch {
      if (child.exitCode !== null || i > 600) throw new Error(`the bench's own MariaDB did not start: ${errors}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return {
    url,
    port,
    async setBufferPoolMB(mb) {
      const c = await createConnection({ host: '127.0.0.1', port, user: 'root' });
      try {
        await c.query(`SET GLOBAL innodb_buffer_pool_size = ${mb * 1048576}`);
        for (let i = 0; i < 600; i++) {
          const [[row]] = (await c.query(
            "SELECT @@innodb_buffer_pool_size AS size, (SELECT VARIABLE_VALUE FROM information_schema.GLOBAL_STATUS WHERE VARIABLE_NAME = 'INNODB_BUFFER_POOL_RESIZE_STATUS') AS status",
          )) as unknown as [Array<{ size: number; status: string | null }>];
          if (Number(row.size) === mb * 1048576 && !/started|resizing|withdraw/i.test(String(row.status ?? ''))) return;
          await new Promise((r) => setTimeout(r, 100));
        }
      } finally {
        await c.end();
      }
    },
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * The database a MySQL bench runs on: BENCH_DATABASE_URL when given (a shared server: the bench
 * changes none of its settings, so it captures no statements there), else a database on a
 * MariaDB server of the bench's own (BENCH_BUFFER_POOL_MB, default MariaDB's 128), where it may
 * switch the general log on. stop() ends the own server.
 */
export async function benchDatabase(name: string, options: { keep?: boolean } = {}): Promise<{ url: string; own: boolean; stop(): Promise<void> }> {
  const given = process.env.BENCH_DATABASE_URL;
  if (given) {
    if (!options.keep) await recreate(given);
    return { url: given, own: false, stop: async () => undefined };
  }
  const server = await startOwnMariaDb(Number(process.env.BENCH_BUFFER_POOL_MB || 128));
  const url = server.url(`bench_${name}`);
  await recreate(url);
  return { url, own: true, stop: () => server.stop() };
}
