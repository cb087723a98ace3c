import { type DynamicModule, Inject, Module, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { Express } from 'express';
import { clientFiles } from './client-files';

const CLIENT_DIR = Symbol('CLIENT_DIR');

/**
 * Serves the built client at / (client-files.ts). It registers when the module starts, after the
 * API's routes and before the not-found handler, so /api paths never reach it.
 */
@Module({})
export class ClientFilesModule implements OnModuleInit {
  static forRoot(clientDir: string): DynamicModule {
    return { module: ClientFilesModule, providers: [{ provide: CLIENT_DIR, useValue: clientDir }] };
  }

  constructor(
    private readonly adapterHost: HttpAdapterHost,
    @Inject(CLIENT_DIR) private readonly clientDir: string,
  ) {}

  onModuleInit() {
    this.adapterHost.httpAdapter.getInstance<Express>().use(clientFiles(this.clientDir));
  }
}
