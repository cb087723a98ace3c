import { applyDecorators, Injectable, SetMetadata } from '@nestjs/common';
import type { JobName } from './job-names';

export const JOB_HANDLER = Symbol('JOB_HANDLER');

/** Marks a provider as the handler of one job name; the jobs module finds it at start. */
export const JobHandler = (name: JobName) => applyDecorators(Injectable(), SetMetadata(JOB_HANDLER, name));
