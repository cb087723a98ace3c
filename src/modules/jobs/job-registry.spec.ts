import type { DiscoveryService } from '@nestjs/core';
import { JobHandler } from './job-handler.decorator';
import { JOB_NAMES } from './job-names';
import { JobRegistry } from './job-registry';

/** Startup fails when a declared job has no handler, two claim one, or a handler's job is not declared. */
function registryOf(types: Array<new () => object>): JobRegistry {
  const discovery = { getProviders: () => types.map((metatype) => ({ metatype, instance: new metatype() })) } as unknown as DiscoveryService;
  return new JobRegistry(discovery);
}

function handlerFor(name: string) {
  @JobHandler(name as never)
  class Handler {
    async run() {
      return { result: name };
    }
  }
  return Handler;
}

describe('JobRegistry', () => {
  it('starts when every declared job has exactly one handler, and gives each', () => {
    const registry = registryOf(JOB_NAMES.map(handlerFor));
    expect(() => registry.onModuleInit()).not.toThrow();
    for (const name of JOB_NAMES) expect(registry.handler(name)).toBeDefined();
  });

  it('fails at start when a job has no handler', () => {
    const registry = registryOf(JOB_NAMES.slice(1).map(handlerFor));
    expect(() => registry.onModuleInit()).toThrow(`No handler for job ${JOB_NAMES[0]}`);
  });

  it('fails at start when two handlers claim one job, or a handler names an undeclared job', () => {
    expect(() => registryOf([...JOB_NAMES.map(handlerFor), handlerFor(JOB_NAMES[0])]).onModuleInit()).toThrow(`Two handlers for job ${JOB_NAMES[0]}`);
    expect(() => registryOf([...JOB_NAMES.map(handlerFor), handlerFor('madeUp')]).onModuleInit()).toThrow('handles madeUp, which is not in job-names.ts');
  });
});
