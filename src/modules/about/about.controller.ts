import { Controller, Get, Inject } from '@nestjs/common';
import { OK } from '../../common/http/validation-result';
import { APP_CONFIG, AppConfig } from '../../config/app-config';

/** GET /api/about: what the About pages show (spec 02 section 2.7), for any signed-in user. */
@Controller()
export class AboutController {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  @Get('about')
  about() {
    const { appName, licence, licenceName, supportEmail, supportTelephone, supportHours } = this.config;
    return { data: { appName, licence, licenceName, supportEmail, supportTelephone, supportHours }, validationResult: OK };
  }
}
