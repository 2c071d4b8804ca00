import './memory-settings.ts';
import { loadConfigOrExit } from './config.ts';
import { handleShutdownSignals } from './shutdown.ts';
import { SiteStartError, createSite } from './site.ts';

// The server process: its configuration, the site (server/site.ts), and a graceful shutdown on signals.

const config = loadConfigOrExit(process.env);
const site = await createSite(config).catch((error: unknown) => {
  // The site has logged why; anything else is a defect to show in full.
  if (!(error instanceof SiteStartError)) console.error(error);
  process.exit(1);
});
const { log, server } = site;
server.on('error', (error) => {
  log.fatal({ err: error }, 'the server failed');
  process.exit(1);
});

handleShutdownSignals({
  server,
  drainDelayMs: config.drainDelayMs,
  timeoutMs: config.shutdownTimeoutMs,
  log,
  onDrain: site.health.markDraining,
  beforeExit: site.close,
});

process.on('unhandledRejection', (reason) => {
  log.error({ err: reason }, 'unhandled promise rejection');
});
