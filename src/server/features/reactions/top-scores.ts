// The Top sort's jobs (issue 45, docs/decisions/075 and 078): today's, the week's and the
// month's scores every ten minutes; the year's and all time's hourly, at 35 minutes past so the
// two never start together. pg-boss runs each once across instances. They read the whole period
// (13 s for all time at a million discussions), so they use the background connections, whose
// statements are not bound by a request's timeout.
import type { AppDeps } from "@/server/context";
import {
  FREQUENT_TOP_PERIODS,
  HOURLY_TOP_PERIODS,
  refreshAllTopScores,
} from "@/server/domain/reactions/top-scores";

export const TOP_SCORES_QUEUE = "top-scores";
export const TOP_SCORES_HOURLY_QUEUE = "top-scores-hourly";

export function defineTopScores(deps: AppDeps): void {
  deps.jobs.define({
    name: TOP_SCORES_QUEUE,
    policy: "short",
    cron: "*/10 * * * *",
    expireInSeconds: 15 * 60,
    handler: async () => {
      await refreshAllTopScores(deps.backgroundDb, FREQUENT_TOP_PERIODS);
    },
  });
  deps.jobs.define({
    name: TOP_SCORES_HOURLY_QUEUE,
    policy: "short",
    cron: "35 * * * *",
    expireInSeconds: 30 * 60,
    handler: async () => {
      await refreshAllTopScores(deps.backgroundDb, HOURLY_TOP_PERIODS);
    },
  });
}
