import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { CrudService } from '../../common/crud/crud.service';
import { InvalidInput } from '../../common/http/validation-result';
import { ListService } from '../../common/list/list.service';
import { FilesService } from '../files';
import { AnnouncementBody } from './announcement.body';
import { announcementList } from './announcement-rows';
import { Announcement } from './entities/announcement.entity';

/** The library announcement files are uploaded to (POST /api/file/announcements/{type}). */
export const ANNOUNCEMENT_LIBRARY = 'announcements';

/** A URL a browser may be sent to: http or https, and one `new URL` reads. */
function isWebAddress(url: string): boolean {
  try {
    const parsed = new URL(url);
    return (parsed.protocol === 'http:' || parsed.protocol === 'https:') && parsed.hostname !== '';
  } catch {
    return false;
  }
}

/**
 * Announcements (spec 02 sections 3, 4, 9): Announce only. What the recipient clicks follows
 * clickType: a url only with 'url', a file only with 'file', and mustClick only when the
 * announcement is acknowledgable and has something to click (docs/decisions.md, Announcements).
 */
@Injectable()
export class AnnouncementsService extends CrudService<Announcement, AnnouncementBody> {
  readonly definition = announcementList;

  constructor(
    @InjectDataSource() dataSource: DataSource,
    lists: ListService,
    private readonly files: FilesService,
  ) {
    super(dataSource, lists);
  }

  protected async assign(_manager: EntityManager, announcement: Announcement, body: AnnouncementBody, _user: unknown, isNew: boolean): Promise<void> {
    // A field left out keeps its value, or takes its default on a new announcement (spec 02 section 9).
    const kept = <K extends keyof Announcement>(field: K, fallback: Announcement[K]) => (isNew ? fallback : announcement[field]);
    announcement.type = body.type;
    announcement.title = body.title;
    announcement.message = body.message ?? kept('message', '');
    announcement.displayUntil = body.displayUntil;
    announcement.acknowledgable = body.acknowledgable ?? kept('acknowledgable', true);
    announcement.mustClick = body.mustClick ?? kept('mustClick', false);
    announcement.clickType = body.clickType ?? kept('clickType', 'none');
    announcement.url = body.url ?? kept('url', '');
    announcement.fileID = body.fileID === undefined ? kept('fileID', null) : body.fileID;
    await this.check(announcement);
  }

  /** The rules between fields (400 with every broken one at once). */
  private async check(a: Announcement): Promise<void> {
    const errors: Record<string, string> = {};
    if (a.clickType === 'url' && !a.url) errors.url = 'Enter the URL the link opens';
    else if (a.clickType !== 'url' && a.url) errors.url = 'Only an announcement whose click type is url has a URL';
    else if (a.url && !isWebAddress(a.url)) errors.url = 'The URL must be a web address starting with http:// or https://';
    if (a.clickType === 'file' && !a.fileID) errors.fileID = 'Choose the file to download';
    else if (a.clickType !== 'file' && a.fileID) errors.fileID = 'Only an announcement whose click type is file has a file';
    else if (a.fileID && (await this.files.find(a.fileID))?.library !== ANNOUNCEMENT_LIBRARY) {
      errors.fileID = 'Choose a file uploaded for announcements';
    }
    if (a.mustClick && !a.acknowledgable) errors.mustClick = 'Must click applies only to an acknowledgable announcement';
    else if (a.mustClick && a.clickType === 'none') errors.mustClick = 'Must click needs a link or a file to click (click type url or file)';
    if (Object.keys(errors).length) throw new InvalidInput(errors);
  }
}
