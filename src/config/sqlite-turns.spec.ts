import { Column, DataSource, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { takeTurnsOnSqlite } from './sqlite-turns';

@Entity('note')
class Note {
  @PrimaryGeneratedColumn() noteID!: number;
  @Column() text!: string;
}

const pause = () => new Promise((resolve) => setTimeout(resolve, 20));

/** Two requests' transactions overlapping in time, as concurrent saves do; the first fails. */
async function overlap(db: DataSource): Promise<string[]> {
  const failing = db.transaction(async (manager) => {
    await manager.save(Note, { text: 'rolled back' });
    await pause();
    throw new Error('the first save is refused');
  });
  const succeeding = db.transaction(async (manager) => {
    await manager.save(Note, { text: 'kept' });
  });
  await Promise.allSettled([failing, succeeding]);
  const notes = await db.getRepository(Note).find({ order: { noteID: 'ASC' } });
  return notes.map((note) => note.text);
}

describe('takeTurnsOnSqlite', () => {
  const open = () => new DataSource({ type: 'better-sqlite3', database: ':memory:', entities: [Note], synchronize: true }).initialize();

  it('keeps a transaction that overlapped one that rolled back', async () => {
    const db = takeTurnsOnSqlite(await open());
    expect(await overlap(db)).toEqual(['kept']);
    await db.destroy();
  });

  it('is needed: without it, the rollback of one takes the other with it', async () => {
    const db = await open();
    expect(await overlap(db)).not.toEqual(['kept']);
    await db.destroy();
  });

  it('runs a write made inside a transaction at once, not after it', async () => {
    const db = takeTurnsOnSqlite(await open());
    await db.transaction(async () => {
      await db.manager.save(Note, { text: 'inner' });
    });
    expect((await db.getRepository(Note).find()).map((note) => note.text)).toEqual(['inner']);
    await db.destroy();
  });
});
