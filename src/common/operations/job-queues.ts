import { Injectable } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import type { Queue } from 'bull';
import { BullJobDriver } from '../../modules/jobs/drivers/bull.driver';
import { JobDriver } from '../../modules/jobs/drivers/job-driver';
import { QUEUE_NAMES } from '../../modules/jobs/job-names';

/** The Bull queues of the scale-out mode, for readiness and queue depth; null in the in-process mode. */
@Injectable()
export class JobQueues {
  constructor(private readonly modules: ModuleRef) {}

  bull(): Queue[] | null {
    const driver = this.modules.get(JobDriver, { strict: false });
    return driver instanceof BullJobDriver ? QUEUE_NAMES.map((name) => driver.queue(name)) : null;
  }
}

/** Rejects when `work` takes longer than `ms`: a probe must answer even when Redis or the database hangs. */
export function within<T>(ms: number, what: string, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
