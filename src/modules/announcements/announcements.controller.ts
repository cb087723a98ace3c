import { Body, Controller, Get, HttpCode, Param, Post, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { AuthUser } from '../../common/auth/auth-user';
import { CurrentUser, Download, RequireAreas } from '../../common/auth/decorators';
import { CrudController } from '../../common/crud/crud.controller';
import { RecordOf } from '../../common/crud/record-guard';
import { IdPipe } from '../../common/http/id.pipe';
import { strictValidationPipe } from '../../common/http/validation.pipe';
import { OK } from '../../common/http/validation-result';
import { AccessNote } from '../../common/openapi/list-route';
import { sendAttachment } from '../files';
import { AnnouncementBody, AnnouncementRecipientsBody, AnnouncementUserBody } from './announcement.body';
import { AnnouncementUsersService } from './announcement-users.service';
import { AnnouncementsService } from './announcements.service';
import { MyAnnouncementsService } from './my-announcements.service';

/** GET /announcements (+ /excel), POST /announcement, PUT and DELETE /announcement/{id}: Announce only. */
export const AnnouncementCrudController = CrudController({
  plural: 'announcements',
  singular: 'announcement',
  service: AnnouncementsService,
  createBody: AnnouncementBody,
  readAreas: ['Announce'],
  writeAreas: ['Announce'],
});

/** GET /announcementUsers (+ /excel), POST /announcementUser, PUT and DELETE /announcementUser/{id}: Announce only. */
export const AnnouncementUserCrudController = CrudController({
  plural: 'announcementUsers',
  singular: 'announcementUser',
  service: AnnouncementUsersService,
  createBody: AnnouncementUserBody,
  readAreas: ['Announce'],
  writeAreas: ['Announce'],
});

/** Who may call an announcement's own routes (docs/http-api.md, "Announcements"). */
const RECIPIENTS_ONLY = 'Any signed-in user who is a recipient of the announcement; to anyone else it does not exist (404).';

/** The announcement routes beyond the generated CRUD ones (docs/http-api.md, "Announcements"). */
@Controller()
export class AnnouncementsController {
  constructor(
    private readonly mine: MyAnnouncementsService,
    private readonly recipients: AnnouncementUsersService,
  ) {}

  @Get('announcements/myAnnouncements')
  @AccessNote('Any signed-in user: the announcements addressed to them.')
  async myAnnouncements(@CurrentUser() user: AuthUser) {
    return { validationResult: OK, listData: await this.mine.mine(user) };
  }

  @Get('announcement/:id/acknowledge')
  @AccessNote(RECIPIENTS_ONLY)
  async acknowledge(@Param('id', IdPipe) id: number, @CurrentUser() user: AuthUser) {
    return { validationResult: OK, data: await this.mine.acknowledge(id, user) };
  }

  @Get('announcement/:id/url')
  @AccessNote(RECIPIENTS_ONLY)
  async url(@Param('id', IdPipe) id: number, @CurrentUser() user: AuthUser) {
    return { validationResult: OK, data: await this.mine.url(id, user) };
  }

  /** The file as an attachment under its original name; a plain link, so the token may come as ?token=. */
  @Get('announcement/:id/download')
  @Download()
  @AccessNote(RECIPIENTS_ONLY)
  async download(@Param('id', IdPipe) id: number, @CurrentUser() user: AuthUser, @Req() req: Request, @Res() res: Response) {
    await sendAttachment(await this.mine.download(id, user), req, res);
  }

  @Post('announcement/:id/announcementUsers')
  @HttpCode(201)
  @RequireAreas('Announce')
  @RecordOf(AnnouncementsService)
  async addRecipients(
    @Param('id', IdPipe) id: number,
    @Body(strictValidationPipe({ expectedType: AnnouncementRecipientsBody })) body: AnnouncementRecipientsBody,
    @CurrentUser() user: AuthUser,
  ) {
    return { validationResult: OK, data: await this.recipients.addRecipients(id, body, user) };
  }
}
