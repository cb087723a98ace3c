import { Column, Entity, Index, JoinColumn, ManyToOne, OneToMany, PrimaryGeneratedColumn } from 'typeorm';
import { AuditedEntity } from '../../../common/db/audited.entity';
import { moneyTransformer } from '../../../common/db/numbers';
import { StoredFile } from '../../files/entities/stored-file.entity';
import { Band } from '../../master-data/entities/band.entity';
import { SaleType } from '../../master-data/entities/sale-type.entity';
import { SkuType } from '../../master-data/entities/sku-type.entity';
import type { RateCardLineStore } from './rate-card-line-store.entity';
import { RateCard } from './rate-card.entity';

export const SKU_MAX_LENGTH = 25;

/**
 * One product on a rate card for one sale type (spec 01 section 3, Rate card line).
 * `sku` is unique per card and sale type ignoring case, checked by the server (the index is
 * not unique: a unique index would follow each engine's collation). Lines go with their card
 * (CASCADE); sale type, SKU type and band are RESTRICT (the in-use check names the lines);
 * the upload file is SET NULL (deleting a file keeps the lines).
 */
@Entity('rateCardLine')
@Index(['fileID'])
@Index(['bandID'])
@Index(['skuTypeID'])
@Index(['saleTypeID'])
@Index(['rateCardID', 'saleTypeID', 'sku'])
@Index(['sku'])
export class RateCardLine extends AuditedEntity {
  @PrimaryGeneratedColumn({ type: 'integer' })
  rateCardLineID: number;

  @Column({ type: 'integer' })
  rateCardID: number;

  @ManyToOne(() => RateCard, (card) => card.rateCardLines, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'rateCardID' })
  rateCard?: RateCard;

  @Column({ type: 'integer' })
  saleTypeID: number;

  @ManyToOne(() => SaleType, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'saleTypeID' })
  saleType?: SaleType;

  @Column({ type: 'varchar', length: SKU_MAX_LENGTH })
  sku: string;

  @Column({ type: 'integer' })
  skuTypeID: number;

  @ManyToOne(() => SkuType, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'skuTypeID' })
  skuType?: SkuType;

  @Column({ type: 'varchar', length: 255, default: '' })
  description: string;

  @Column({ type: 'decimal', precision: 12, scale: 2, default: 0, transformer: moneyTransformer })
  customerRRP: number;

  @Column({ type: 'decimal', precision: 12, scale: 2, default: 0, transformer: moneyTransformer })
  customerMonthly: number;

  @Column({ type: 'integer', default: 0 })
  contractMonths: number;

  @Column({ type: 'integer', nullable: true })
  bandID: number | null;

  @ManyToOne(() => Band, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'bandID' })
  band?: Band | null;

  @Column({ type: 'varchar', length: SKU_MAX_LENGTH, nullable: true })
  legacySKU: string | null;

  /** The upload that wrote the line (files module); null when typed in or the file is gone. */
  @Column({ type: 'integer', nullable: true })
  fileID: number | null;

  @ManyToOne(() => StoredFile, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'fileID' })
  file?: StoredFile | null;

  @OneToMany('RateCardLineStore', (rcls: RateCardLineStore) => rcls.rateCardLine)
  rateCardLineStores?: RateCardLineStore[];
}
