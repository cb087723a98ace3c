import { createConnection } from 'mysql2/promise';

/** Drops and recreates the MySQL/MariaDB database of `url`, which must say it is for benchmarks or tests. */
export async function recreate(url: string): Promise<void> {
  const u = new URL(url);
  const name = decodeURIComponent(u.pathname.slice(1));
  if (!/^\w{1,54}$/.test(name) || !/bench|test/i.test(name)) throw new Error(`BENCH_DATABASE_URL must name a database with "bench" or "test" in it (it is dropped), got "${name}"`);
  const c = await createConnection({ host: u.hostname, port: Number(u.port || 3306), user: decodeURIComponent(u.username || 'root'), password: decodeURIComponent(u.password) });
  await c.query(`DROP DATABASE IF EXISTS \`${name}\``);
  await c.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  await c.end();
}
