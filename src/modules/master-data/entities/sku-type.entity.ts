import { Column, Entity, PrimaryGeneratedColumn, Index } from 'typeorm';
import { AuditedEntity } from '../../../common/db/audited.entity';

/** A kind of product on rate card lines ('Handset', 'SIM'); excludeDiscount blocks sale-type discounts. */
@Entity('skuType')
@Index(['name'])
export class SkuType extends AuditedEntity {
  @PrimaryGeneratedColumn({ type: 'integer' })
  skuTypeID: number;

  @Column({ type: 'varchar', length: 100 })
  name: string;

  @Column({ type: 'varchar', length: 255, default: '' })
  description: string;

  @Column({ type: 'boolean', default: false })
  excludeDiscount: boolean;
}
