/** Short timings, so that a killed worker's jobs come back within seconds, not minutes. */
export const MAIL_CRASH_JOB_OPTIONS = {
  pollingIntervalSeconds: 0.5,
  maintenanceIntervalSeconds: 1,
  expireInSeconds: 3,
  retryDelaySeconds: 1,
};
