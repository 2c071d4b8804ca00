import { coldCrawl, coldCrawlRow } from './bench/cold-crawl.ts';

// `npm run bench:crawl`: the cold crawl of `npm run bench` on its own (scripts/bench/cold-crawl.ts), after
// `npm run build`. COLD_CRAWL_REPLICAS (default 1) site processes, sharing a redis-server when more than
// one; the sample CMS gets this process's CONTENT_* variables (a throttle, say).

const replicas = Number(process.env.COLD_CRAWL_REPLICAS ?? 1);
if (!Number.isInteger(replicas) || replicas < 1) throw new Error('COLD_CRAWL_REPLICAS must be a whole number from 1');
const cmsEnv = Object.fromEntries(
  Object.entries(process.env).flatMap(([name, value]) =>
    name.startsWith('CONTENT_') && value !== undefined ? [[name, value]] : [],
  ),
);
console.table({ [`cold crawl, ${replicas} site process(es)`]: coldCrawlRow(await coldCrawl({ cmsEnv, replicas })) });
