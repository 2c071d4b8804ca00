import { once } from 'node:events';
import { pino } from 'pino';
import { ConfigError, loadConfig } from '../server/config/config.ts';
import type { Config } from '../server/config/config.ts';
import { openOutbox } from '../server/forms/connect-forms.ts';
import { isSubmissionId } from '../server/forms/outbox.ts';
import type { Outbox } from '../server/forms/outbox.ts';
import { connectRedis } from '../server/shared-cache/redis-link.ts';

// `npm run outbox -- list|export|requeue <id…|--all>`: the reports the CMS refused (422) and the site
// set aside, for a person. `list` prints one line each (id, when taken, form, reason) and the counts,
// `export` every one whole as JSON lines (what the reporter wrote: handle as personal data), `requeue`
// moves the named ones (or all) back to the deliveries, due at once: the site's next round posts them
// again. It opens the outbox the site's environment names (REDIS_URL, else FORM_OUTBOX_DIR), while the
// site runs; exit code 1 when an id was not set aside, 2 on a usage or configuration error.

const USAGE = 'usage: npm run outbox -- list | export | requeue <id>… | requeue --all';

const fail = (message: string, code: number): never => {
  console.error(message);
  process.exit(code);
};

const readConfig = (): Config => {
  try {
    return loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) return fail(error.message, 2);
    throw error;
  }
};

const list = async (outbox: Outbox) => {
  const setAside = await outbox.listSetAside();
  for (const report of setAside)
    console.log([report.id, report.receivedAt || '-', report.form || '-', report.reason].join('  '));
  const { pending } = await outbox.size();
  console.log(`${setAside.length} set aside, ${pending} pending, in ${outbox.where}`);
};

const exportAll = async (outbox: Outbox) => {
  for (const report of await outbox.listSetAside()) console.log(JSON.stringify(report));
};

const requeue = async (outbox: Outbox, args: readonly string[]) => {
  if (args.length === 0) fail(USAGE, 2);
  const all = args.length === 1 && args[0] === '--all';
  const malformed = all ? [] : args.filter((id) => !isSubmissionId(id));
  if (malformed.length > 0) fail(`not a report id: ${malformed.join(', ')}`, 2);
  const moved = await outbox.requeue(all ? 'all' : args);
  for (const id of moved) console.log(`requeued ${id}`);
  console.log(`${moved.length} requeued, to be delivered at the next round`);
  const missing = all ? [] : args.filter((id) => !moved.includes(id));
  if (missing.length > 0) fail(`not set aside (or not a report that can be sent again): ${missing.join(', ')}`, 1);
};

const [command, ...args] = process.argv.slice(2);
const commands: Record<string, (outbox: Outbox) => Promise<void>> = {
  list,
  export: exportAll,
  requeue: (outbox) => requeue(outbox, args),
};
const run = commands[command ?? ''] ?? fail(USAGE, 2);

const config = readConfig();
// Errors only: the connection's own notices (its close at the end) are no news here.
const log = pino({ level: 'error' }, pino.destination(2));
const link = config.redis
  ? connectRedis({
      url: config.redis.url,
      sentinels: config.redis.sentinels,
      commandTimeoutMs: config.redis.commandTimeoutMs,
      log,
    })
  : null;
try {
  if (link && !link.ready())
    await Promise.race([
      once(link.command, 'ready'),
      new Promise((_, reject) =>
        setTimeout(() => reject(new Error(`Redis (${link.where}) did not answer within 10 s`)), 10_000).unref(),
      ),
    ]);
  await run(await openOutbox(config, link?.command ?? null, log));
} catch (error) {
  fail(`the form outbox could not be read: ${error instanceof Error ? error.message : String(error)}`, 2);
} finally {
  await link?.close();
}
