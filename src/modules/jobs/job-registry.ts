import { Injectable, OnModuleInit } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { JOB_HANDLER } from './job-handler.decorator';
import { JOB_NAMES, type JobName } from './job-names';
import type { JobHandlerInstance } from './job.types';

/**
 * The handlers of every job name, found among the app's providers at start. Startup fails when a
 * declared name has no handler, two handlers claim one name, or a handler names an undeclared job.
 */
@Injectable()
export class JobRegistry implements OnModuleInit {
  private readonly handlers = new Map<JobName, JobHandlerInstance>();

  constructor(private readonly discovery: DiscoveryService) {}

  onModuleInit(): void {
    const problems: string[] = [];
    for (const wrapper of this.discovery.getProviders()) {
      const type = wrapper.metatype as unknown;
      if (!wrapper.instance || typeof type !== 'function') continue;
      const name = Reflect.getMetadata(JOB_HANDLER, type) as JobName | undefined;
      if (!name) continue;
      if (!JOB_NAMES.includes(name)) problems.push(`${(type as { name: string }).name} handles ${name}, which is not in job-names.ts`);
      else if (this.handlers.has(name) && this.handlers.get(name) !== wrapper.instance) problems.push(`Two handlers for job ${name}`);
      else this.handlers.set(name, wrapper.instance as JobHandlerInstance);
    }
    for (const name of JOB_NAMES) if (!this.handlers.has(name)) problems.push(`No handler for job ${name}`);
    if (problems.length) throw new Error(`Jobs: ${problems.join('; ')}`);
  }

  handler(name: string): JobHandlerInstance {
    const handler = this.handlers.get(name as JobName);
    if (!handler) throw new Error(`No handler for job ${name}`);
    return handler;
  }
}
