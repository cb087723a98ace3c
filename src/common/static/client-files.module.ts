import { type DynamicModule, Inject, Module, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { Express } from 'express';
import { clientFiles } from './client-files';

const CLIENT_FILES = Symbol('CLIENT_FILES');

/**
 * Serves the built client at / (client-files.ts). It registers when the module starts, after the
 * API's routes and before the not-found handler, so /api paths never reach it.
 */
@Module({})
export class ClientFilesModule implements OnModuleInit {
  static forRoot(clientDir: string, appName: string): DynamicModule {
    return { module: ClientFilesModule, providers: [{ provide: CLIENT_FILES, useValue: { clientDir, appName } }] };
  }

  constructor(
    private readonly adapterHost: HttpAdapterHost,
    @Inject(CLIENT_FILES) private readonly settings: { clientDir: string; appName: string },
  ) {}

  onModuleInit() {
    this.adapterHost.httpAdapter.getInstance<Express>().use(clientFiles(this.settings.clientDir, { appName: this.settings.appName }));
  }
}
