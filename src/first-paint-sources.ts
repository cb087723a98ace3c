import { Injectable } from '@nestjs/common';
import type { Request } from 'express';
import type { FirstPaintSources } from './common/static/client-files';
import { FilesService } from './modules/files';
import { SignedInRequest } from './modules/auth/signed-in-request';

/**
 * What the served client's first paint needs (src/common/static/client-files.ts) from the modules
 * that know it: who is signed in (auth) and whether a logo or login logo is uploaded (files). Here, beside the
 * app module that wires them, because the shared static folder imports no module.
 */
@Injectable()
export class AppFirstPaintSources implements FirstPaintSources {
  constructor(
    private readonly signedIn: SignedInRequest,
    private readonly files: FilesService,
  ) {}

  userOf(req: Request) {
    return this.signedIn.userOf(req);
  }

  async hasLogo() {
    // The logo's row alone, not every branding image's.
    return (await this.files.branding('logo')) !== null;
  }

  async hasLoginLogo() {
    return (await this.files.branding('loginLogo')) !== null;
  }
}
