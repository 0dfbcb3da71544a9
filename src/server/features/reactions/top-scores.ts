// The Top sort's job (issue 45, docs/decisions/075): every ten minutes, each period's scores
// rewritten (domain/reactions/top-scores.ts). pg-boss runs it once across instances.
import type { AppDeps } from "@/server/context";
import { refreshAllTopScores } from "@/server/domain/reactions/top-scores";

export const TOP_SCORES_QUEUE = "top-scores";

export function defineTopScores(deps: AppDeps): void {
  deps.jobs.define({
    name: TOP_SCORES_QUEUE,
    policy: "short",
    cron: "*/10 * * * *",
    expireInSeconds: 15 * 60,
    handler: async () => {
      await refreshAllTopScores(deps.db);
    },
  });
}
