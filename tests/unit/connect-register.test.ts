import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config/config.ts';
import { connectRegister } from '../../server/register/connect-register.ts';

// Which register the architect search reads, and what the log says of it at start: beside real content
// without the register's API, no register at all (the sample one's made-up people would pass for it),
// said as a warning.

const SAMPLE_REGISTER_API = { url: 'http://127.0.0.1:1/register', apiKey: 'sample-register-key' };

const connect = (env: Record<string, string>, sampleRegisterApi: typeof SAMPLE_REGISTER_API | null) => {
  const lines: Array<{ level: number; msg: string; registerApi?: string }> = [];
  const log = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
  return { register: connectRegister(loadConfig(env), log, sampleRegisterApi), lines };
};

const REAL_CMS = { CMS_API_URL: 'https://cms.example.org/api', CMS_API_KEY: 'key' };

describe('the register the site connects', () => {
  it("is the sample CMS's register API, quietly, beside the sample content", () => {
    expect(connect({}, SAMPLE_REGISTER_API).lines).toEqual([
      expect.objectContaining({
        level: 30,
        msg: expect.stringContaining('sample'),
        registerApi: SAMPLE_REGISTER_API.url,
      }),
    ]);
  });

  it('is none beside a real CMS without REGISTER_API_URL, with a warning: the search is unavailable', async () => {
    const { register, lines } = connect(REAL_CMS, null);
    expect(lines).toEqual([
      expect.objectContaining({ level: 40, msg: expect.stringContaining('REGISTER_API_URL is not set') }),
    ]);
    await expect(
      register.search({ searchTerm: 'vos', title: null, place: null, kind: null, page: 1, perPage: 20 }),
    ).rejects.toThrow('REGISTER_API_URL is not set');
    await expect(register.get('1.070515.028')).rejects.toThrow('REGISTER_API_URL is not set');
    expect(await register.places()).toEqual([]);
  });

  it("is the register's API when it is set, without a warning, beside either content", () => {
    const env = { REGISTER_API_URL: 'https://register.example.org/api', REGISTER_API_KEY: 'register-key' };
    for (const { lines } of [connect({ ...REAL_CMS, ...env }, null), connect(env, SAMPLE_REGISTER_API)])
      expect(lines).toEqual([
        expect.objectContaining({
          level: 30,
          msg: expect.stringContaining('register API'),
          registerApi: env.REGISTER_API_URL,
        }),
      ]);
  });
});
