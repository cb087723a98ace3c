import { Module } from '@nestjs/common';
import { AboutController } from './about.controller';

/** The licence and support details of the About pages, from configuration. */
@Module({ controllers: [AboutController] })
export class AboutModule {}
