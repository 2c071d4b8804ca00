import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.ts';
import { connectRegister } from '../../server/register/connect-register.ts';

// Which register the architect search reads, and what the log says of it at start: the embedded sample
// register beside real content is a warning, since its made-up people would pass for the register.

const startLines = (env: Record<string, string>) => {
  const lines: Array<{ level: number; msg: string }> = [];
  const log = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
  connectRegister(loadConfig(env), log);
  return lines;
};

describe('the register the site connects', () => {
  it('is the sample one, quietly, beside the sample content', () => {
    expect(startLines({})).toEqual([expect.objectContaining({ level: 30, msg: expect.stringContaining('sample') })]);
  });

  it('is the sample one beside a real CMS, with a warning that its people are made up', () => {
    const [line] = startLines({ CMS_API_URL: 'https://cms.example.org/api', CMS_API_KEY: 'key' });
    expect(line).toMatchObject({ level: 40, msg: expect.stringContaining('REGISTER_API_URL is not set') });
  });

  it("is the register's API when it is set, without a warning", () => {
    const lines = startLines({
      CMS_API_URL: 'https://cms.example.org/api',
      CMS_API_KEY: 'key',
      REGISTER_API_URL: 'https://register.example.org/api',
      REGISTER_API_KEY: 'register-key',
    });
    expect(lines.map(({ level }) => level)).toEqual([30]);
  });
});
