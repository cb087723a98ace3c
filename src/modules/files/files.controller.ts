import { Controller, Delete, Get, HttpCode, NotFoundException, Param, Post, Query, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { AuthUser } from '../../common/auth/auth-user';
import { CurrentUser, Download, Public, RequireAreas } from '../../common/auth/decorators';
import { MAX_XLSX_ROWS } from '../../common/excel/xlsx-parts';
import { XlsxReader } from '../../common/excel/xlsx-reader';
import { ClientGoneSignal } from '../../common/http/client-gone';
import { IdPipe } from '../../common/http/id.pipe';
import { InvalidInput, OK } from '../../common/http/validation-result';
import { MultipartBody } from '../../common/openapi/multipart-body';
import type { BrandingName } from './entities/branding.entity';
import type { StoredFile } from './entities/stored-file.entity';
import { FilesService, fileRow } from './files.service';
import { brandingFromPath } from './libraries';
import { contentDisposition, FILE_CSP, sendAttachment, streamFile } from './file-responses';

/** Branding images answer at these fixed paths; they are declared before `file/:fileID` so it never sees them. */
const BRANDING_PATHS = ['file/logo', 'file/loginLogo', 'file/loginBackground', 'file/favicon.ico', 'file/favicon'];

function etagOf(file: StoredFile): string {
  return `"${file.sha256}"`;
}

/** If-None-Match holds this ETag (weak or strong, or *). */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t === etag || t === `W/${etag}`;
  });
}

function brandingName(name: string): BrandingName {
  const branding = brandingFromPath(name);
  if (!branding) throw new InvalidInput({ name: 'Choose loginBackground, favicon.ico, logo or loginLogo' });
  return branding;
}

/** Files and branding (docs/http-api.md, "Files and branding"). */
@Controller()
export class FilesController {
  constructor(
    private readonly files: FilesService,
    private readonly xlsx: XlsxReader,
  ) {}

  // ---------- branding: fixed names first ----------

  /** Which branding images are set, each with its version (the SHA-256 in its ETag), or null. */
  @Public()
  @Get('file/branding')
  async brandingVersions() {
    return { validationResult: OK, data: await this.files.brandingVersions() };
  }

  /** The current branding image, public, cached by the browser and revalidated every time (ETag). */
  @Public()
  @Get(BRANDING_PATHS)
  async brandingImage(@Req() req: Request, @Res() res: Response) {
    const name = brandingName(req.path.split('/').pop() ?? '');
    await this.sendBranding(name, req, res, 'public, no-cache');
  }

  /** The same without any caching, for the customisation previews. */
  @Public()
  @Get('file/noCache/:name')
  async brandingPreview(@Param('name') name: string, @Req() req: Request, @Res() res: Response) {
    await this.sendBranding(brandingName(name), req, res, 'no-store');
  }

  /** Reset: no image of that kind any more. */
  @RequireAreas('UserSetup')
  @Delete(BRANDING_PATHS)
  async resetBranding(@Req() req: Request) {
    const name = brandingName(req.path.split('/').pop() ?? '');
    await this.files.resetBranding(name);
    return { validationResult: OK, data: { name } };
  }

  // ---------- uploads ----------

  /**
   * Multipart, field `file`. The library's area is checked before the body is read; the
   * body streams to disk and is refused as soon as it passes the limit.
   */
  @Post('file/:library/:type')
  @HttpCode(201)
  @MultipartBody('The file, at most MAX_UPLOAD_BYTES (50 MB by default); the library decides which kinds of file it takes.')
  async upload(@Param('library') library: string, @Param('type') type: string, @Req() req: Request, @CurrentUser() user: AuthUser) {
    const branding = library === 'customisation' ? brandingFromPath(type) : undefined;
    const file = branding && type === branding ? await this.files.setBranding(branding, req, user) : await this.files.upload(library, type, req, user);
    return { validationResult: OK, data: fileRow(file) };
  }

  // ---------- one file ----------

  @Get('file/:fileID')
  async metadata(@Param('fileID', IdPipe) fileID: number, @CurrentUser() user: AuthUser) {
    return { validationResult: OK, data: fileRow(await this.files.findForUser(fileID, user)) };
  }

  /** The bytes, as an attachment under the original name (the token may come as ?token=). */
  @Get('file/:fileID/download')
  @Download()
  async download(@Param('fileID', IdPipe) fileID: number, @CurrentUser() user: AuthUser, @Req() req: Request, @Res() res: Response) {
    const opened = await this.files.open(await this.files.findForUser(fileID, user));
    await sendAttachment(opened, req, res);
  }

  /**
   * The header row of every worksheet of an xlsx file (the upload wizard's mapping step): the
   * first row that looks like one, past any title block, with the rows near the top the user may
   * pick instead; `?worksheet=...&headerRow=n` reads that sheet's headers from row n. Each sheet
   * is read only a few rows past its headers, within the xlsx limits. Not an xlsx, or past a
   * limit → 400; the reading stops when the client leaves.
   */
  @Get('file/:fileID/excelHeaders/allSheets')
  async excelHeaders(
    @Param('fileID', IdPipe) fileID: number,
    @Query() query: Record<string, unknown>,
    @CurrentUser() user: AuthUser,
    @ClientGoneSignal() signal: AbortSignal,
  ) {
    const chosen = chosenHeaderRow(query);
    const file = await this.files.findForUser(fileID, user);
    if (file.kind !== 'xlsx') throw new InvalidInput({ fileID: 'The file is not an Excel (xlsx) workbook' });
    const opened = await this.files.open(file);
    return { validationResult: OK, listData: await this.xlsx.worksheetHeaders(opened.path, { signal }, chosen) };
  }

  // ---------- sending ----------

  private async sendBranding(name: BrandingName, req: Request, res: Response, cacheControl: string) {
    const file = await this.files.branding(name);
    if (!file) {
      throw new NotFoundException({ statusCode: 404, validationResult: { fail: true, failSummary: `No ${name} has been set`, failMessages: {} } });
    }
    const opened = await this.files.open(file);
    const etag = etagOf(file);
    res.setHeader('ETag', etag);
    res.setHeader('Cache-Control', cacheControl);
    res.setHeader('Content-Security-Policy', FILE_CSP);
    if (matches(req.headers['if-none-match'], etag)) {
      res.status(304).end();
      return;
    }
    res.status(200);
    res.setHeader('Content-Type', file.contentType);
    res.setHeader('Content-Length', String(opened.size));
    res.setHeader('Content-Disposition', contentDisposition(file.originalName, 'inline'));
    await streamFile(opened.stream, req, res);
  }
}

/** `?worksheet=Sheet1&headerRow=4` of the headers call, both or neither; 400 naming what is wrong. */
function chosenHeaderRow(query: Record<string, unknown>): Map<string, number> {
  const errors: Record<string, string> = {};
  for (const key of Object.keys(query)) if (key !== 'worksheet' && key !== 'headerRow') errors[key.slice(0, 40)] = `Unknown parameter ${key.slice(0, 40)}`;
  const { worksheet, headerRow } = query;
  if (worksheet === undefined && headerRow === undefined) {
    if (Object.keys(errors).length) throw new InvalidInput(errors);
    return new Map();
  }
  if (typeof worksheet !== 'string' || worksheet === '' || worksheet.length > 31) errors.worksheet = 'Name the worksheet (at most 31 characters)';
  const row = typeof headerRow === 'string' && /^\d{1,7}$/.test(headerRow) ? Number(headerRow) : NaN;
  if (!(row >= 1 && row <= MAX_XLSX_ROWS)) errors.headerRow = `The header row must be a whole number from 1 to ${MAX_XLSX_ROWS}`;
  if (Object.keys(errors).length) throw new InvalidInput(errors);
  return new Map([[worksheet as string, row]]);
}
