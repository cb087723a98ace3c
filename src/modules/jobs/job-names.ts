/**
 * Every queue and every job name, in one place (as immich's JobName): the jobs module checks at
 * start that each name has exactly one handler (a class decorated with @JobHandler in a
 * `*.job.ts`), so a job can never be enqueued that no worker would run.
 *
 * Queues split the work so workers can be scaled apart (WORKER_QUEUES): imports are long, read
 * files and write many rows (importSheets holds their per-worksheet parts); reconcile runs
 * set-based SQL over a sheet.
 */
export const QUEUES = {
  imports: ['rateCardUpload', 'recSheetImport'],
  // The parts an import fans out (one per worksheet), on their own queue so an import waiting for
  // its parts never holds the slot they need: with several workers the sheets run side by side.
  importSheets: ['recSheetImportSheet'],
  reconcile: ['recSheetAutoRec', 'recSheetAutoRecUndo'],
} as const;

export type QueueName = keyof typeof QUEUES;
export type JobName = (typeof QUEUES)[QueueName][number];

export const QUEUE_NAMES = Object.keys(QUEUES) as QueueName[];

export function queueOf(name: JobName): QueueName {
  for (const queue of QUEUE_NAMES) if ((QUEUES[queue] as readonly string[]).includes(name)) return queue;
  throw new Error(`Job ${name} is in no queue`);
}

export const JOB_NAMES: readonly JobName[] = QUEUE_NAMES.flatMap((q) => QUEUES[q] as readonly JobName[]);
