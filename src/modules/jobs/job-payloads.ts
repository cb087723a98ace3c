import type { JobName } from './job-names';

/**
 * The payload of each job name. Empty here: each `*.job.ts` adds its own entry beside its
 * payload type (module augmentation), so the jobs module depends on no feature module and the
 * payload stays next to the job that reads it:
 *
 *   declare module '../../jobs/job-payloads' {
 *     interface JobPayloads { recSheetAutoRec: RecSheetAutoRecData }
 *   }
 *
 * `enqueue` and `enqueueParts` take `JobPayloads[N]` for name N, and @JobHandler(N) accepts only
 * a class whose run() takes it, so a job is never queued with data its handler does not read.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by module augmentation
export interface JobPayloads {}

/** Every job name has a payload type: a name without one makes this `false` and the line below fail to compile. */
type EveryNameHasAPayload = [Exclude<JobName, keyof JobPayloads>] extends [never] ? true : false;
export const EVERY_JOB_NAME_HAS_A_PAYLOAD: EveryNameHasAPayload = true;

/** The payload of job `N`. */
export type JobPayload<N extends JobName> = N extends keyof JobPayloads ? JobPayloads[N] : never;
