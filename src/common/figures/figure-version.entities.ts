import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * The change counters FigureVersions reads (migrations SaleFigureVersions and DataVersions).
 * Only the triggers write them and only raw SQL reads them; they are entities so that the
 * schema the entities describe is the whole schema (test/api/migrations-safety).
 */
@Entity('saleFigureVersion')
export class SaleFigureVersion {
  @PrimaryColumn({ type: 'integer' })
  storeID: number;

  @Column({ type: 'integer', default: 0 })
  version: number;
}

@Entity('dataVersion')
export class DataVersion {
  @PrimaryColumn({ type: 'varchar', length: 40 })
  name: string;

  @Column({ type: 'integer', default: 0 })
  version: number;
}

export const FIGURE_VERSION_ENTITIES = [SaleFigureVersion, DataVersion];
