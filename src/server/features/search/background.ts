// The search's queues (decision 074): the backfill of plain text after migration 0045, the
// reindex after a change of the site's search language, and the rebuild of the words "Did you
// mean" offers. Each long job is a chain of short ones (a restart resumes where it stopped).
import type { AppDeps } from "@/server/context";
import {
  type ReindexStep,
  reindexBatch,
  SEARCH_REINDEX_QUEUE,
} from "@/server/domain/search/reindex";
import { backfillPlainText } from "./backfill";
import { rebuildSearchWords } from "./words";

export const SEARCH_BACKFILL_QUEUE = "search-backfill";
export const SEARCH_WORDS_QUEUE = "search-words";

export function defineSearchWork(deps: AppDeps): void {
  const { db, jobs, logger } = deps;
  jobs.define({
    name: SEARCH_BACKFILL_QUEUE,
    policy: "short",
    retryLimit: 10,
    // Every hour as well as at start: a chain broken off by a restart is picked up again. A
    // run with nothing left costs one statement.
    cron: "23 * * * *",
    handler: async () => {
      const state = await backfillPlainText(db);
      if (state === "more")
        await jobs.send(SEARCH_BACKFILL_QUEUE, {}, { singletonKey: "backfill" });
      if (state === "done") await jobs.send(SEARCH_WORDS_QUEUE, {}, { singletonKey: "words" });
    },
  });
  jobs.define<ReindexStep>({
    name: SEARCH_REINDEX_QUEUE,
    retryLimit: 10,
    handler: async (step) => {
      const next = await reindexBatch(db, step);
      if (next) await jobs.send(SEARCH_REINDEX_QUEUE, next);
      else {
        logger.info("search reindexed");
        await jobs.send(SEARCH_WORDS_QUEUE, {}, { singletonKey: "words" });
      }
    },
  });
  jobs.define({
    name: SEARCH_WORDS_QUEUE,
    policy: "short",
    retryLimit: 3,
    // Four times a day: a word's count moves slowly, and the rebuild reads every post a visitor
    // reads (bench/RESULTS.md gives its time at 1,000,000 discussions and replies).
    cron: "41 */6 * * *",
    expireInSeconds: 900,
    handler: () => rebuildSearchWords(db),
  });
}
