import { Branding } from './branding.entity';
import { StoredFile } from './stored-file.entity';

/** Every entity of the files module (registered with TypeORM in config/database.ts). */
export const FILES_ENTITIES = [StoredFile, Branding];
