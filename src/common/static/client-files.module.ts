import { type DynamicModule, Inject, Module, type ModuleMetadata, type OnModuleInit, Optional, type Type } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { Express } from 'express';
import { clientFiles, type FirstPaintSources } from './client-files';

const CLIENT_FILES = Symbol('CLIENT_FILES');
const FIRST_PAINT_SOURCES = Symbol('FIRST_PAINT_SOURCES');

/**
 * Serves the built client at / (client-files.ts). It registers when the module starts, after the
 * API's routes and before the not-found handler, so /api paths never reach it.
 */
@Module({})
export class ClientFilesModule implements OnModuleInit {
  /**
   * `sources`: who a page request is signed in as and whether a logo is uploaded, for the first
   * paint (client-files.ts), from the modules that know (wired by the app module, as this shared
   * folder imports no module).
   */
  static forRoot(clientDir: string, appName: string, sources?: { imports: ModuleMetadata['imports']; useClass: Type<FirstPaintSources> }): DynamicModule {
    return {
      module: ClientFilesModule,
      imports: sources?.imports ?? [],
      providers: [
        { provide: CLIENT_FILES, useValue: { clientDir, appName } },
        ...(sources ? [{ provide: FIRST_PAINT_SOURCES, useClass: sources.useClass }] : []),
      ],
    };
  }

  constructor(
    private readonly adapterHost: HttpAdapterHost,
    @Inject(CLIENT_FILES) private readonly settings: { clientDir: string; appName: string },
    @Optional() @Inject(FIRST_PAINT_SOURCES) private readonly sources?: FirstPaintSources,
  ) {}

  onModuleInit() {
    this.adapterHost.httpAdapter.getInstance<Express>().use(clientFiles(this.settings.clientDir, { appName: this.settings.appName, sources: this.sources }));
  }
}
