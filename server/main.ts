import './config/memory-settings.ts';
import { loadConfigOrExit } from './config/config.ts';
import { exitOnceLogged, handleProcessEnd } from './lifecycle/shutdown.ts';
import { SiteStartError, createSite } from './site.ts';

// The server process: its configuration, the site (server/site.ts), and how it ends (server/lifecycle/shutdown.ts).

const config = loadConfigOrExit(process.env);
const { log } = await createSite(config, {
  beforeReady: (site) =>
    handleProcessEnd({
      server: site.server,
      drainDelayMs: config.drainDelayMs,
      timeoutMs: config.shutdownTimeoutMs,
      logFlushTimeoutMs: config.logFlushTimeoutMs,
      log: site.log,
      onDrain: site.health.markDraining,
      beforeExit: site.close,
    }),
}).catch((error: unknown) => {
  // The site has logged why; anything else is a defect to show in full.
  if (!(error instanceof SiteStartError)) console.error(error);
  return exitOnceLogged(1, config.logFlushTimeoutMs);
});

process.on('unhandledRejection', (reason) => {
  log.error({ err: reason }, 'unhandled promise rejection');
});
