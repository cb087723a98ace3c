import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { StoredFile } from './stored-file.entity';

/** The four branding images (spec 02 section 2.6, Customisation). */
export const BRANDING_NAMES = ['loginBackground', 'favicon', 'logo', 'loginLogo'] as const;
export type BrandingName = (typeof BRANDING_NAMES)[number];

/** Which uploaded file is the current one for each branding name; no row means none is set. */
@Entity('branding')
export class Branding {
  @PrimaryColumn({ type: 'varchar', length: 20 })
  name: BrandingName;

  @Column({ type: 'integer' })
  fileID: number;

  @ManyToOne(() => StoredFile, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'fileID' })
  file?: StoredFile;

  @Column({ type: 'varchar', length: 100, default: '' })
  updatedByUserName: string;

  @Column({ type: 'datetime', precision: 3, nullable: true })
  updatedDate: Date | null;
}
