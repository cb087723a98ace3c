import { applyDecorators, Injectable, SetMetadata } from '@nestjs/common';
import type { JobName } from './job-names';
import type { JobPayload } from './job-payloads';
import type { JobHandlerInstance } from './job.types';

export const JOB_HANDLER = Symbol('JOB_HANDLER');

/**
 * Marks a provider as the handler of one job name; the jobs module finds it at start. Only a
 * class whose run() takes that name's payload (JobPayloads) can carry it.
 */
export const JobHandler =
  <N extends JobName>(name: N) =>
  <C extends abstract new (...args: never[]) => JobHandlerInstance<JobPayload<N>>>(target: C): C => {
    applyDecorators(Injectable(), SetMetadata(JOB_HANDLER, name))(target);
    return target;
  };
