import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { User } from './user.entity';

/** One saved preference string per user, group and name (table columns, card users, ...). */
@Entity('userPreference')
@Index(['userID', 'group', 'name'], { unique: true })
export class UserPreference {
  @PrimaryGeneratedColumn({ type: 'integer' })
  userPreferenceID: number;

  @Column({ type: 'integer' })
  userID: number;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'userID' })
  user?: User;

  @Column({ type: 'varchar', length: 50 })
  group: string;

  @Column({ type: 'varchar', length: 100 })
  name: string;

  @Column({ type: 'text' })
  value: string;
}
