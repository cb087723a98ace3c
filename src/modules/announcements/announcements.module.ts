import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { FilesModule } from '../files';
import { MasterDataModule } from '../master-data';
import { AnnouncementUsersService } from './announcement-users.service';
import { AnnouncementCrudController, AnnouncementsController, AnnouncementUserCrudController } from './announcements.controller';
import { AnnouncementsService } from './announcements.service';
import { ANNOUNCEMENT_ENTITIES } from './entities';
import { MyAnnouncementsService } from './my-announcements.service';

/**
 * Announcements (spec 02 sections 2.4, 3, 4, 7; spec 01 section 2): administration with
 * Announce, and each user's own announcements on the landing page. Files through FilesService,
 * stores through StoresService, users through the users module's list definitions.
 */
@Module({
  imports: [TypeOrmModule.forFeature(ANNOUNCEMENT_ENTITIES), FilesModule, MasterDataModule],
  // Fixed paths (announcements/myAnnouncements) before the generated ':id' routes.
  controllers: [AnnouncementsController, AnnouncementCrudController, AnnouncementUserCrudController],
  providers: [AnnouncementsService, AnnouncementUsersService, MyAnnouncementsService],
})
export class AnnouncementsModule {}
