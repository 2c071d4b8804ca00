import { startContentService } from './service.ts';

// Runs the content service on its own: `node sample-cms/main.ts`.
// CONTENT_SERVICE_PORT (4000), CONTENT_SERVICE_HOST (127.0.0.1), CMS_API_KEY (dev-content-key),
// CMS_API_KEY_HEADER (X-Api-Key), CONTENT_PREVIEW_TOKEN (development-preview-token), CONTENT_SERVICE_PUBLIC_URL,
// CONTENT_ADMIN_KEY (unset: no edit route), CONTENT_WEBHOOK_URL with REVALIDATE_SECRET (the site's
// webhook, called after each edit), REGISTER_API_KEY (dev-register-key), the key of the register's API,
// and to behave as a stock Statamic does: CONTENT_API_THROTTLE (API requests per window per client
// address; unset or 0: no throttle) with CONTENT_API_THROTTLE_WINDOW_S (60), and CONTENT_GLIDE_SIGNING_KEY
// (Glide URLs must be signed with it; unset: signing off).

const fail = (message: string): never => {
  console.error(message);
  process.exit(1);
};

const env = (name: string): string | undefined => (process.env[name] === '' ? undefined : process.env[name]);

const portText = env('CONTENT_SERVICE_PORT') ?? '4000';
const port = /^\d+$/.test(portText) ? Number(portText) : Number.NaN;
if (!Number.isInteger(port) || port > 65535)
  fail(`Invalid configuration: CONTENT_SERVICE_PORT must be a port number (got ${JSON.stringify(portText)})`);

/** A whole number from `min`, or the start fails naming the variable. */
const wholeNumber = (name: string, text: string, min: number): number => {
  if (!/^\d+$/.test(text) || Number(text) < min)
    fail(`Invalid configuration: ${name} must be a whole number from ${min} (got ${JSON.stringify(text)})`);
  return Number(text);
};
const throttleLimit = wholeNumber('CONTENT_API_THROTTLE', env('CONTENT_API_THROTTLE') ?? '0', 0);
const throttleWindow = wholeNumber('CONTENT_API_THROTTLE_WINDOW_S', env('CONTENT_API_THROTTLE_WINDOW_S') ?? '60', 1);
const glideSigningKey = env('CONTENT_GLIDE_SIGNING_KEY');

const previewToken = env('CONTENT_PREVIEW_TOKEN') ?? 'development-preview-token';
const adminKey = env('CONTENT_ADMIN_KEY');
const publicUrl = env('CONTENT_SERVICE_PUBLIC_URL');
const webhookUrl = env('CONTENT_WEBHOOK_URL');
const webhookSecret = env('REVALIDATE_SECRET');
if (webhookUrl && !webhookSecret)
  fail('Invalid configuration: REVALIDATE_SECRET is required when CONTENT_WEBHOOK_URL is set');

const service = await startContentService({
  host: env('CONTENT_SERVICE_HOST') ?? '127.0.0.1',
  port,
  apiKey: env('CMS_API_KEY') ?? 'dev-content-key',
  apiKeyHeader: env('CMS_API_KEY_HEADER') ?? 'X-Api-Key',
  previewToken,
  ...(publicUrl ? { publicUrl } : {}),
  ...(adminKey ? { adminKey } : {}),
  registerApiKey: env('REGISTER_API_KEY') ?? 'dev-register-key',
  ...(webhookUrl && webhookSecret ? { webhook: { url: webhookUrl, secret: webhookSecret } } : {}),
  ...(throttleLimit ? { apiThrottle: { limit: throttleLimit, windowSeconds: throttleWindow } } : {}),
  ...(glideSigningKey ? { glideSigningKey } : {}),
}).catch((error: unknown) =>
  fail(`The content service could not start: ${error instanceof Error ? error.message : String(error)}`),
);

console.log(
  `Content service listening on ${service.url} (API ${service.apiUrl}; register API ${service.registerApiUrl}; preview token: ${previewToken}; API throttle: ${throttleLimit ? `${throttleLimit} per ${throttleWindow} s per client` : 'off'}; Glide signing: ${glideSigningKey ? 'on' : 'off'})`,
);

let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  service.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
