import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DataSource } from 'typeorm';
import { dataSourceOptions, MIGRATIONS } from '../../src/config/database';
import { openDataSource, runMigrationsOnce } from '../../src/config/database-lock';
import { chosenDatabase, databaseName, onServer, withDatabase } from '../support/test-database';

/**
 * The migrations are the schema's only source (synchronize is off), so two things must hold on
 * both engines, or the next migration written by hand is built on a schema nobody has:
 * - after every `up()`, the schema the entities describe has nothing to add or change (TypeORM's
 *   schema builder, the one `synchronize` would run, logs no statement);
 * - every `down()` runs, newest first, back to an empty database, and every `up()` then runs
 *   again to the same schema.
 * Each engine gets a database of its own, created empty here and dropped at the end.
 */

interface Engine {
  name: string;
  open(): Promise<DataSource>;
  /** Tables, views and triggers left in the database, TypeORM's own 'migrations' table aside. */
  leftovers(dataSource: DataSource): Promise<string[]>;
  dispose(): Promise<void>;
}

function sqliteEngine(): Engine {
  const dataDir = mkdtempSync(join(tmpdir(), 'retail-migrations-'));
  return {
    name: 'SQLite',
    open: () => openDataSource(dataSourceOptions({ databaseUrl: '', dataDir })),
    leftovers: async (dataSource) => {
      const rows = await dataSource.query<Array<{ item: string }>>(
        "SELECT type || ' ' || name AS item FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' AND name <> 'migrations' AND tbl_name <> 'migrations' ORDER BY name",
      );
      return rows.map((row) => row.item);
    },
    dispose: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

function mysqlEngine(url: string): Engine {
  // `<db>_w<n>_mig`: the suite's clean-up drops every `<db>_w%` a run leaves behind.
  const name = `${databaseName(url)}_w${process.env.JEST_WORKER_ID ?? '1'}_mig`;
  const databaseUrl = withDatabase(url, name);
  return {
    name: 'MySQL',
    open: async () => {
      await onServer(url, async (query) => {
        await query(`DROP DATABASE IF EXISTS \`${name}\``);
        await query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
      });
      return openDataSource(dataSourceOptions({ databaseUrl, dataDir: tmpdir() }));
    },
    leftovers: async (dataSource) => {
      const tables = await dataSource.query<Array<{ item: string }>>(
        "SELECT CONCAT(table_type, ' ', table_name) AS item FROM information_schema.tables WHERE table_schema = DATABASE() AND table_name <> 'migrations'",
      );
      const triggers = await dataSource.query<Array<{ item: string }>>(
        "SELECT CONCAT('TRIGGER ', trigger_name) AS item FROM information_schema.triggers WHERE trigger_schema = DATABASE()",
      );
      return [...tables, ...triggers].map((row) => row.item).sort();
    },
    dispose: () => onServer(url, (query) => query(`DROP DATABASE IF EXISTS \`${name}\``)).then(() => undefined),
  };
}

/**
 * What the database lacks or has beyond what the entities describe. On SQLite, what TypeORM's
 * schema builder would run to make the database match them. On MySQL that builder is no oracle
 * against MariaDB (it reads MariaDB's ON UPDATE, boolean and NULL defaults as changes, and
 * would drop and re-add every foreign key), so the same question is asked of
 * information_schema directly: the tables, each column and whether it takes null, the indexes
 * by their columns and uniqueness (MySQL's own foreign-key indexes aside), and the foreign keys
 * with their ON DELETE.
 */
async function schemaDrift(dataSource: DataSource): Promise<string[]> {
  if (dataSource.options.type !== 'mysql') {
    const sql = await dataSource.driver.createSchemaBuilder().log();
    return sql.upQueries.map((query) => query.query);
  }
  const described = new Set<string>();
  for (const entity of dataSource.entityMetadatas) {
    const table = entity.tableName;
    described.add(`table ${table}`);
    // A virtual column (a value read with a subquery, as a sale's linked lines) has no column of its own.
    for (const column of entity.columns.filter((c) => !c.isVirtualProperty))
      described.add(`column ${table}.${column.databaseName} ${column.isNullable ? 'null' : 'not null'}`);
    for (const index of entity.indices)
      described.add(`index ${table}(${index.columns.map((c) => c.databaseName).join(', ')})${index.isUnique ? ' unique' : ''}`);
    for (const unique of entity.uniques) described.add(`index ${table}(${unique.columns.map((c) => c.databaseName).join(', ')}) unique`);
    for (const key of entity.foreignKeys)
      described.add(
        `foreign key ${table}(${key.columnNames.join(', ')}) -> ${key.referencedTablePath}(${key.referencedColumnNames.join(', ')}) on delete ${key.onDelete ?? 'NO ACTION'}`,
      );
  }
  const query = async (sql: string) => await dataSource.query<Array<{ item: string }>>(sql);
  const rows = [
    ...(await query(
      "SELECT CONCAT('table ', table_name) AS item FROM information_schema.tables WHERE table_schema = DATABASE() AND table_name <> 'migrations'",
    )),
    ...(await query(
      "SELECT CONCAT('column ', table_name, '.', column_name, IF(is_nullable = 'YES', ' null', ' not null')) AS item FROM information_schema.columns WHERE table_schema = DATABASE() AND table_name <> 'migrations'",
    )),
    ...(await query(`SELECT CONCAT('index ', s.table_name, '(', GROUP_CONCAT(s.column_name ORDER BY s.seq_in_index SEPARATOR ', '), ')', IF(MAX(s.non_unique) = 0, ' unique', '')) AS item
      FROM information_schema.statistics s
      WHERE s.table_schema = DATABASE() AND s.table_name <> 'migrations' AND s.index_name <> 'PRIMARY'
        AND s.index_name NOT IN (SELECT constraint_name FROM information_schema.referential_constraints r WHERE r.constraint_schema = DATABASE())
      GROUP BY s.table_name, s.index_name`)),
    ...(await query(`SELECT CONCAT('foreign key ', k.table_name, '(', GROUP_CONCAT(k.column_name ORDER BY k.ordinal_position SEPARATOR ', '), ') -> ', k.referenced_table_name, '(', GROUP_CONCAT(k.referenced_column_name ORDER BY k.ordinal_position SEPARATOR ', '), ') on delete ', MAX(r.delete_rule)) AS item
      FROM information_schema.key_column_usage k JOIN information_schema.referential_constraints r ON r.constraint_schema = k.constraint_schema AND r.constraint_name = k.constraint_name
      WHERE k.table_schema = DATABASE() GROUP BY k.table_name, k.constraint_name, k.referenced_table_name`)),
  ];
  const found = new Set(rows.map((row) => row.item));
  return [
    ...[...described].filter((item) => !found.has(item)).map((item) => `missing: ${item}`),
    ...[...found].filter((item) => !described.has(item)).map((item) => `not described: ${item}`),
  ].sort();
}

/** Undoes the migrations down to and including `name`. */
async function undoThrough(ds: DataSource, name: string): Promise<void> {
  const last = async () => (await ds.query<Array<{ name: string }>>('SELECT name FROM migrations ORDER BY id DESC LIMIT 1'))[0].name;
  for (let undone = await last(); ; undone = await last()) {
    await ds.undoLastMigration({ transaction: 'each' });
    if (undone === name) return;
  }
}

const database = chosenDatabase();
const engines: Array<() => Engine> = [sqliteEngine];
if (database.kind === 'mysql') engines.push(() => mysqlEngine(database.url!));

describe.each(engines.map((engine) => [engine().name, engine] as const))('migrations on %s', (_name, makeEngine) => {
  jest.setTimeout(240_000);
  let engine: Engine;
  let dataSource: DataSource | undefined;

  beforeAll(async () => {
    engine = makeEngine();
    dataSource = await engine.open();
  });

  afterAll(async () => {
    await dataSource?.destroy();
    await engine.dispose();
  });

  it('after every migration, the entities have nothing to add or change', async () => {
    expect(await schemaDrift(dataSource!)).toEqual([]);
  });

  it('every down() runs back to an empty database, and every up() then runs again to the same schema', async () => {
    const ds = dataSource!;
    for (let undone = 0; undone < MIGRATIONS.length; undone++) await ds.undoLastMigration({ transaction: 'each' });
    const [{ n }] = await ds.query<Array<{ n: number | string }>>('SELECT COUNT(*) AS n FROM migrations');
    expect(Number(n)).toBe(0);
    expect(await engine.leftovers(ds)).toEqual([]);

    await runMigrationsOnce(ds);
    const [{ n: ran }] = await ds.query<Array<{ n: number | string }>>('SELECT COUNT(*) AS n FROM migrations');
    expect(Number(ran)).toBe(MIGRATIONS.length);
    expect(await schemaDrift(ds)).toEqual([]);
  });

  it("RecLinks fills recLink from the lines linked before it: a run's links with their rule, a line linked by hand as manual", async () => {
    const ds = dataSource!;
    // Back to just before RecLinks (and any migration after it), rows linked the old way, then up again.
    await undoThrough(ds, 'RecLinks1765200000000');
    await ds.query("INSERT INTO recSheet (recSheetID, name, recDate) VALUES (901, 'Before recLink', '2016-02-01')");
    const line =
      'INSERT INTO recSheetLine (recSheetLineID, recSheetID, saleDate, orderRef, saleID, autoRecRunID, adjustment, adjustmentReason, recByUserName, recDate) VALUES ';
    await ds.query(`${line}(9001, 901, '2016-02-01', 'A1', 501, 77, 0.5, 'Within tolerance', 'Run User', '2016-02-02 10:00:00.000')`);
    await ds.query(`${line}(9002, 901, '2016-02-01', 'A2', 502, NULL, -2.25, 'Short paid', 'Hand User', '2016-02-03 11:00:00.000')`);
    await ds.query(`${line}(9003, 901, '2016-02-01', 'A3', 0, NULL, 0, '', '', NULL)`);
    await ds.query("INSERT INTO autoRecLink (autoRecRunID, recSheetLineID, saleID, matches, rule, adjustment) VALUES (77, 9001, 501, 1, 'revenueWithin', 0.5)");
    await runMigrationsOnce(ds);
    const links = await ds.query<Array<Record<string, unknown>>>(
      'SELECT recSheetLineID, saleID, autoRecRunID, rule, adjustment, adjustmentReason, linkedByUserName FROM recLink ORDER BY recSheetLineID',
    );
    expect(links.map((l) => ({ ...l, recSheetLineID: Number(l.recSheetLineID), saleID: Number(l.saleID), adjustment: Number(l.adjustment) }))).toEqual([
      {
        recSheetLineID: 9001,
        saleID: 501,
        autoRecRunID: 77,
        rule: 'revenueWithin',
        adjustment: 0.5,
        adjustmentReason: 'Within tolerance',
        linkedByUserName: 'Run User',
      },
      {
        recSheetLineID: 9002,
        saleID: 502,
        autoRecRunID: null,
        rule: 'manual',
        adjustment: -2.25,
        adjustmentReason: 'Short paid',
        linkedByUserName: 'Hand User',
      },
    ]);
  });

  it("ReconcileByLinks gives each sale's first link slot 0 and a further one its line id, and takes the stored step back from 'reconciled'; down() puts it back", async () => {
    const ds = dataSource!;
    await undoThrough(ds, 'ReconcileByLinks1765300000000');
    // Sales as the conditional sale update left them (the store, type, user and card they name
    // do not exist here: keys are not checked for these rows).
    const runner = ds.createQueryRunner();
    const mysql = ['mysql', 'mariadb'].includes(ds.options.type);
    await runner.query(mysql ? 'SET FOREIGN_KEY_CHECKS = 0' : 'PRAGMA foreign_keys = OFF');
    const sale = (saleID: number, step: string, count: number, total: number) =>
      runner.query(
        'INSERT INTO sale (saleID, storeID, saleTypeID, attributableToUserID, saleDate, orderRef, rateCardID, rateCardLineID, rateCardLineStoreID, sku, ' +
          'currentHistoryStep, revenue, adjustedRevenue, unreconciledRevenue, recSheetLinesTotal, recSheetLinesCount) ' +
          `VALUES (?, 1, 1, 1, '2016-02-01', ?, 1, 1, 1, 'SKU-1', ?, 100, 100, ?, ?, ?)`,
        [saleID, `R${saleID}`, step, 100 - total, total, count],
      );
    await sale(601, 'reconciled', 2, 100);
    await sale(602, 'reconciled', 1, 100);
    await sale(603, 'recorded', 0, 0);
    await runner.query(mysql ? 'SET FOREIGN_KEY_CHECKS = 1' : 'PRAGMA foreign_keys = ON');
    await runner.release();
    await ds.query(
      "INSERT INTO history (documentType, documentID, step, description, createdDate, createdByUserName) VALUES ('sale', 601, 'modified', 'Changed', '2016-02-01 10:00:00.000', 'Seller'), ('sale', 601, 'reconciled', 'Reconciled', '2016-02-02 10:00:00.000', 'Run')",
    );
    for (const [line, saleID] of [
      [9102, 601],
      [9103, 602],
    ])
      await ds.query("INSERT INTO recLink (recSheetLineID, saleID, rule) VALUES (?, ?, 'manual')", [line, saleID]);
    // A line a run linked, with the note the run wrote on it (revenue 0, as the lines above).
    await ds.query("INSERT INTO recSheet (recSheetID, name, recDate) VALUES (902, 'Before slots', '2016-02-01')");
    await ds.query(
      "INSERT INTO recSheetLine (recSheetLineID, recSheetID, saleDate, orderRef, saleID, autoRecRunID, autoRecNotes) VALUES (9101, 902, '2016-02-01', 'B1', 601, 77, 'Reconciled automatically to sale 601 (exact match)')",
    );
    await ds.query("INSERT INTO recLink (recSheetLineID, saleID, autoRecRunID, rule) VALUES (9101, 601, 77, 'exact')");
    const lineLink = async () =>
      (await ds.query<Array<Record<string, unknown>>>('SELECT saleID, autoRecRunID, autoRecNotes FROM recSheetLine WHERE recSheetLineID = 9101')).map((r) => [
        Number(r.saleID),
        Number(r.autoRecRunID),
        r.autoRecNotes,
      ]);
    const slots = async () =>
      (await ds.query<Array<Record<string, unknown>>>('SELECT recSheetLineID, slot FROM recLink WHERE saleID IN (601, 602) ORDER BY recSheetLineID')).map(
        (k) => [Number(k.recSheetLineID), Number(k.slot)],
      );
    const sales = async () =>
      (
        await ds.query<Array<Record<string, unknown>>>(
          'SELECT saleID, currentHistoryStep, recSheetLinesCount, recSheetLinesTotal, unreconciledRevenue FROM sale WHERE saleID IN (601, 602, 603) ORDER BY saleID',
        )
      ).map((r) => [Number(r.saleID), r.currentHistoryStep, Number(r.recSheetLinesCount), Number(r.recSheetLinesTotal), Number(r.unreconciledRevenue)]);
    const read = async () => ({ slots: await slots(), sales: await sales() });

    await runMigrationsOnce(ds);
    expect(await read()).toEqual({
      slots: [
        [9101, 0],
        [9102, 9102],
        [9103, 0],
      ],
      sales: [
        [601, 'modified', 0, 0, 100],
        [602, 'recorded', 0, 0, 100],
        [603, 'recorded', 0, 0, 100],
      ],
    });
    await expect(ds.query("INSERT INTO recLink (recSheetLineID, saleID, slot, rule) VALUES (9104, 601, 0, 'manual')")).rejects.toThrow();
    // The run's note moved onto its link (the line is no longer written while the link stands).
    const [{ note }] = await ds.query<Array<{ note: string }>>('SELECT note FROM recLink WHERE recSheetLineID = 9101');
    expect(note).toBe('Reconciled automatically to sale 601 (exact match)');
    // Written by today's code: the line's own columns cleared, the note only on the link; down() puts them back.
    await ds.query("UPDATE recSheetLine SET saleID = 0, autoRecRunID = NULL, autoRecNotes = '' WHERE recSheetLineID = 9101");

    await ds.undoLastMigration({ transaction: 'each' });
    // The lines' revenue is 0 here (no such lines): the count and step come back from the links.
    expect(await sales()).toEqual([
      [601, 'reconciled', 2, 0, 100],
      [602, 'reconciled', 1, 0, 100],
      [603, 'recorded', 0, 0, 100],
    ]);
    expect(await lineLink()).toEqual([[601, 77, 'Reconciled automatically to sale 601 (exact match)']]);
    await runMigrationsOnce(ds);
    expect(await schemaDrift(ds)).toEqual([]);
  });
});
