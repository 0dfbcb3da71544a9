// The requests and main-thread tasks Lighthouse's simulation (Lantern) counts before the
// Largest Contentful Paint, each with the simulated time it starts and ends. Its LCP is the
// average of an optimistic and a pessimistic graph; this lists the pessimistic one, which holds
// the optimistic one's nodes and more. A network node's time is the simulated slow 4G's (DNS,
// connection, slow start, bandwidth shared); a task's is its time in the unthrottled load times
// the CPU slowdown (4).
import type { RunnerResult } from "lighthouse";
import { LanternLargestContentfulPaint } from "lighthouse/core/computed/metrics/lantern-largest-contentful-paint.js";

type LanternNode = {
  type: "network" | "cpu";
  duration: number;
  request?: { url: string; transferSize: number };
};
type Timing = { startTime: number; endTime: number };

/** One line a node, in the order they start: "  634-  817 ms  request /assets/x.css (12.7 KB)". */
export async function lcpPath(result: RunnerResult): Promise<string[]> {
  const artifacts = result.artifacts as unknown as Record<string, unknown>;
  const settings = result.lhr.configSettings;
  const lantern = await LanternLargestContentfulPaint.request(
    {
      trace: artifacts.Trace,
      devtoolsLog: artifacts.DevtoolsLog,
      gatherContext: artifacts.GatherContext,
      settings,
      simulator: null,
      URL: artifacts.URL,
      SourceMaps: artifacts.SourceMaps,
      HostDPR: artifacts.HostDPR,
    } as never,
    { computedCache: new Map(), settings } as never,
  );
  const timings = [
    ...(lantern.pessimisticEstimate.nodeTimings as Map<LanternNode, Timing>).entries(),
  ].sort((a, b) => a[1].startTime - b[1].startTime);
  return timings.map(([node, { startTime, endTime }]) => {
    const when = `${String(Math.round(startTime)).padStart(5)}-${String(Math.round(endTime)).padStart(5)} ms`;
    const what = node.request
      ? `request ${new URL(node.request.url).pathname} (${(node.request.transferSize / 1024).toFixed(1)} KB)`
      : `task (${(node.duration / 1000).toFixed(1)} ms unthrottled)`;
    return `${when}  ${what}`;
  });
}
