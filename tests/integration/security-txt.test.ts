import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../helpers/free-port.ts';
import { get, openSite } from '../helpers/site.ts';
import type { Site } from '../helpers/site.ts';

// /.well-known/security.txt (RFC 9116) from the settings; an expiry that is near or past is an error in
// the log and shows in the metric the alert rule reads, and never stops the site.

const DAY_MS = 24 * 60 * 60 * 1000;
const PUBLIC_URL = 'https://www.architectenregister.nl';
const inDays = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString();

let soon: Site & { metricsUrl: string };
let expired: Site & { metricsUrl: string };
let without: Site;

const startWithMetrics = async (env: Record<string, string>) => {
  const port = await freePort();
  const site = await openSite({ ...env, METRICS_PORT: String(port), PUBLIC_URL });
  return Object.assign(site, { metricsUrl: `http://127.0.0.1:${port}/metrics` });
};

beforeAll(async () => {
  [soon, expired, without] = await Promise.all([
    startWithMetrics({
      SECURITY_CONTACT: 'security@architectenregister.nl, https://www.architectenregister.nl/kwetsbaarheid-melden',
      SECURITY_TXT_EXPIRES: inDays(10),
      SECURITY_POLICY_URL: 'https://www.architectenregister.nl/beleid',
    }),
    startWithMetrics({ SECURITY_CONTACT: 'security@architectenregister.nl', SECURITY_TXT_EXPIRES: inDays(-1) }),
    openSite(),
  ]);
});
afterAll(async () => {
  await Promise.all([soon, expired, without].map((site) => site?.stop()));
});

/** The fields of a security.txt, in order; every line must be a field (no comments are written). */
const fields = (text: string) => {
  expect(text.endsWith('\n')).toBe(true);
  return text
    .trimEnd()
    .split('\n')
    .map((line) => {
      const match = /^([A-Za-z-]+): (\S.*)$/.exec(line);
      expect(match, line).not.toBeNull();
      return [match![1]!, match![2]!] as const;
    });
};

const expiryMetric = async (metricsUrl: string) => {
  const line = (await (await fetch(metricsUrl)).text())
    .split('\n')
    .find((candidate) => candidate.startsWith('security_txt_expiry_timestamp_seconds '));
  return line === undefined ? undefined : Number(line.split(' ')[1]);
};

const errorLines = (site: Site) =>
  site.logs
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as { level: string; msg: string; expires?: string; daysLeft?: number })
    .filter((line) => line.level === 'error' || line.level === 'fatal');

describe('/.well-known/security.txt', () => {
  it('names the contacts, the expiry, the languages, its canonical URL and the policy', async () => {
    const response = await get(`${soon.url}/.well-known/security.txt`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(response.headers.get('cache-control')).toMatch(/^public/);
    const expires = fields(await response.text()).filter(([name]) => name === 'Expires');
    expect(expires).toHaveLength(1);
    expect(new Date(expires[0]![1]).getTime()).toBeGreaterThan(Date.now() + 9 * DAY_MS);
    const rest = fields(await (await get(`${soon.url}/.well-known/security.txt`)).text()).filter(
      ([name]) => name !== 'Expires',
    );
    expect(rest).toEqual([
      ['Contact', 'mailto:security@architectenregister.nl'],
      ['Contact', 'https://www.architectenregister.nl/kwetsbaarheid-melden'],
      ['Preferred-Languages', 'nl, en'],
      ['Canonical', `${PUBLIC_URL}/.well-known/security.txt`],
      ['Policy', 'https://www.architectenregister.nl/beleid'],
    ]);
  });

  it('says in the log and in the metric that it expires soon', async () => {
    expect(errorLines(soon)).toEqual([
      expect.objectContaining({ msg: expect.stringContaining('security.txt expires soon'), daysLeft: 9 }),
    ]);
    // The expiry itself, as a time: the alert compares it with the time of its evaluation.
    const [expires] = fields(await (await get(`${soon.url}/.well-known/security.txt`)).text())
      .filter(([name]) => name === 'Expires')
      .map(([, value]) => Date.parse(value) / 1000);
    expect(await expiryMetric(soon.metricsUrl)).toBe(expires);
  });

  it('is still served once expired, with an error in the log and a past expiry in the metrics', async () => {
    const response = await get(`${expired.url}/.well-known/security.txt`);
    expect(response.status).toBe(200);
    expect(fields(await response.text()).map(([name]) => name)).toEqual([
      'Contact',
      'Expires',
      'Preferred-Languages',
      'Canonical',
    ]);
    expect(errorLines(expired)).toEqual([
      expect.objectContaining({ msg: expect.stringContaining('security.txt has expired') }),
    ]);
    expect(await expiryMetric(expired.metricsUrl)).toBeLessThan(Date.now() / 1000);
  });

  it('is absent without a contact (outside production), with a 404 that says why', async () => {
    const response = await get(`${without.url}/.well-known/security.txt`);
    expect(response.status).toBe(404);
    expect(await response.text()).toContain('SECURITY_CONTACT');
  });
});
