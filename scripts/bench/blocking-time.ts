import type { RunnerResult } from 'lighthouse';
import { Audit } from 'lighthouse/core/audits/audit.js';
import { TBTImpactTasks } from 'lighthouse/core/computed/tbt-impact-tasks.js';

// Where a run's Total Blocking Time comes from, in Lighthouse's own terms: its simulation replays each
// main-thread task of the trace (four times as long, twice for a layout) and counts what a task lasts
// beyond 50 ms after the simulated first contentful paint. TBTImpactTasks is the computation Lighthouse's
// `bootup-time` audit uses for that; here each top-level task is named by the work it did, so that
// a page's figure reads as "the first layout and paint 60, the hydrate chunk 15".

type Task = Awaited<ReturnType<typeof TBTImpactTasks.request>>[number];

const eventNames = (task: Task, names = new Set<string>()): Set<string> => {
  names.add(task.event.name);
  for (const child of task.children) eventNames(child as Task, names);
  return names;
};

/** The script a task ran (its file name without the content hash), if it ran one. */
const scriptOf = (task: Task): string | undefined => {
  const url = task.attributableURLs.find((candidate) => /\.m?js(\?|$)/.test(candidate));
  if (!url) return undefined;
  // Lighthouse names its own page scripts without an origin (`_lighthouse-eval.js`).
  const file = URL.canParse(url) ? new URL(url).pathname.split('/').pop()! : url;
  return file.replace(/\.[0-9a-f]{8,}\.js$/, '.js');
};

const workOf = (task: Task): string => {
  const names = eventNames(task);
  const script = scriptOf(task);
  if (script) return `script ${script}`;
  if (names.has('Paint')) return 'layout and paint';
  if (names.has('Layout') || names.has('UpdateLayoutTree')) return 'style and layout';
  if (names.has('ParseHTML')) return 'HTML parsing';
  if (names.has('DocumentLoader::CommitNavigation')) return 'navigation commit';
  return 'other';
};

/** Milliseconds of blocking time per kind of work, as Lighthouse's simulation counts them (its pessimistic bounds). */
export const blockingTimeByWork = async ({ artifacts, lhr }: RunnerResult): Promise<Map<string, number>> => {
  const context = { computedCache: new Map(), settings: lhr.configSettings, options: {} };
  const tasks = await TBTImpactTasks.request(Audit.makeMetricComputationDataInput(artifacts, context), context);
  const byWork = new Map<string, number>();
  for (const task of tasks) {
    if (task.parent || task.tbtImpact <= 0) continue;
    const work = workOf(task);
    byWork.set(work, (byWork.get(work) ?? 0) + task.tbtImpact);
  }
  return byWork;
};
