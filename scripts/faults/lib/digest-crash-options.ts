/**
 * Short timings for the digest's send chain, so that a killed worker's rows are past their lease
 * within seconds. The sender derives its lease (two thirds) and a run's budget (a third) from the
 * job's expiry: 6 s gives a run 2 s, room for a batch of 100 on PGlite on a busy machine.
 */
export const DIGEST_CRASH_JOB_OPTIONS = {
  pollingIntervalSeconds: 0.5,
  maintenanceIntervalSeconds: 1,
  expireInSeconds: 6,
  retryDelaySeconds: 1,
};
