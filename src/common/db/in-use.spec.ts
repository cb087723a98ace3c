import { Column, DataSource, Entity, ManyToOne, JoinColumn, PrimaryGeneratedColumn } from 'typeorm';
import { assertNoneInUse, usesOf } from './in-use';

/*
 * The in-use check on a real (in-memory SQLite) database with a miniature of the rate card
 * tables: a card owns lines, a line owns its stores (both ON DELETE CASCADE), and a sale
 * points at a line and at that line's store, as recorded sales do.
 */

@Entity('card')
class Card {
  @PrimaryGeneratedColumn() cardID!: number;
}

@Entity('line')
class Line {
  @PrimaryGeneratedColumn() lineID!: number;
  @Column() cardID!: number;
  @ManyToOne(() => Card, { onDelete: 'CASCADE' }) @JoinColumn({ name: 'cardID' }) card?: Card;
}

@Entity('lineStore')
class LineStore {
  @PrimaryGeneratedColumn() lineStoreID!: number;
  @Column() lineID!: number;
  @ManyToOne(() => Line, { onDelete: 'CASCADE' }) @JoinColumn({ name: 'lineID' }) line?: Line;
}

@Entity('sale')
class Sale {
  @PrimaryGeneratedColumn() saleID!: number;
  @Column() lineID!: number;
  @ManyToOne(() => Line) @JoinColumn({ name: 'lineID' }) line?: Line;
  @Column({ type: 'integer', nullable: true }) lineStoreID!: number | null;
  @ManyToOne(() => LineStore) @JoinColumn({ name: 'lineStoreID' }) lineStore?: LineStore;
}

describe('usesOf / assertNoneInUse', () => {
  let db: DataSource;
  let cardID: number;
  let usedLine: number;
  let freeLine: number;

  beforeAll(async () => {
    db = new DataSource({ type: 'better-sqlite3', database: ':memory:', entities: [Card, Line, LineStore, Sale], synchronize: true });
    await db.initialize();
    cardID = (await db.getRepository(Card).save({})).cardID;
    usedLine = (await db.getRepository(Line).save({ cardID })).lineID;
    freeLine = (await db.getRepository(Line).save({ cardID })).lineID;
    const store = await db.getRepository(LineStore).save({ lineID: usedLine });
    await db.getRepository(LineStore).save({ lineID: freeLine });
    // Two sales of the used line, each naming the line and its store.
    await db.getRepository(Sale).save([
      { lineID: usedLine, lineStoreID: store.lineStoreID },
      { lineID: usedLine, lineStoreID: store.lineStoreID },
    ]);
  });

  afterAll(() => db.destroy());

  it('counts a sale that names both a line and its store once', async () => {
    expect(await usesOf(db.manager, Line, [usedLine])).toEqual(new Map([['sale', 2]]));
  });

  it('counts the same sales once through the card, its lines and their stores', async () => {
    expect(await usesOf(db.manager, Card, [cardID])).toEqual(new Map([['sale', 2]]));
  });

  it('finds nothing for a line no sale uses', async () => {
    expect(await usesOf(db.manager, Line, [freeLine])).toEqual(new Map());
    await expect(assertNoneInUse(db.manager, Line, [freeLine], 'rate card line')).resolves.toBeUndefined();
  });

  it('names how many sales use the lines', async () => {
    await expect(assertNoneInUse(db.manager, Line, [usedLine, freeLine], 'rate card line', 'rateCardLineIDs')).rejects.toMatchObject({
      response: {
        validationResult: {
          failSummary: 'These 2 rate card lines are used by 2 sales, so they cannot be deleted',
          failMessages: { rateCardLineIDs: 'These 2 rate card lines are used by 2 sales, so they cannot be deleted' },
        },
      },
    });
  });
});
