import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { FILES_ENTITIES } from './entities';
import { FilesController } from './files.controller';
import { FilesService } from './files.service';

/** Uploaded files (on disk under FILES_DIR) and the branding images. Other modules use FilesService. */
@Module({
  imports: [TypeOrmModule.forFeature(FILES_ENTITIES)],
  controllers: [FilesController],
  providers: [FilesService],
  exports: [FilesService],
})
export class FilesModule {}
