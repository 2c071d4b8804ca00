import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config/config.ts';

// The settings of /.well-known/security.txt: required in production, read strictly, never echoed wrong.

const EXPIRES = '2027-06-30';

describe('security.txt settings', () => {
  it('read contacts as URIs, adding mailto: to an e-mail address, and the expiry as a date', () => {
    const config = loadConfig({
      SECURITY_CONTACT:
        'security@architectenregister.nl, https://www.architectenregister.nl/melden ,tel:+31-70-0000000',
      SECURITY_TXT_EXPIRES: '2027-06-30T12:00:00+02:00',
      SECURITY_POLICY_URL: 'https://www.architectenregister.nl/beleid/',
    });
    expect(config.securityTxt).toEqual({
      contacts: [
        'mailto:security@architectenregister.nl',
        'https://www.architectenregister.nl/melden',
        'tel:+31-70-0000000',
      ],
      expires: new Date('2027-06-30T10:00:00Z'),
      policyUrl: 'https://www.architectenregister.nl/beleid',
    });
    expect(
      loadConfig({ SECURITY_CONTACT: 'security@example.nl', SECURITY_TXT_EXPIRES: EXPIRES }).securityTxt?.expires,
    ).toEqual(new Date('2027-06-30T00:00:00Z'));
  });

  it('are optional outside production, and then there is no file', () => {
    expect(loadConfig({}).securityTxt).toBeNull();
    expect(loadConfig({ NODE_ENV: 'development' }).securityTxt).toBeNull();
  });

  it.each([
    [{ NODE_ENV: 'production' }, /^Invalid configuration: SECURITY_CONTACT is required when NODE_ENV=production/],
    [
      { SECURITY_CONTACT: 'security@example.nl' },
      /^Invalid configuration: SECURITY_TXT_EXPIRES is required when SECURITY_CONTACT is set/,
    ],
    [
      { SECURITY_CONTACT: 'the front desk', SECURITY_TXT_EXPIRES: EXPIRES },
      /^Invalid configuration: SECURITY_CONTACT must be e-mail addresses, https: URLs or tel: numbers/,
    ],
    [
      { SECURITY_CONTACT: 'http://example.nl/report', SECURITY_TXT_EXPIRES: EXPIRES },
      /^Invalid configuration: SECURITY_CONTACT must be/,
    ],
    [{ SECURITY_CONTACT: ' , ', SECURITY_TXT_EXPIRES: EXPIRES }, /^Invalid configuration: SECURITY_CONTACT must be/],
    [
      { SECURITY_CONTACT: 'security@example.nl', SECURITY_TXT_EXPIRES: 'next year' },
      /^Invalid configuration: SECURITY_TXT_EXPIRES must be a date/,
    ],
    [
      { SECURITY_CONTACT: 'security@example.nl', SECURITY_TXT_EXPIRES: '2027-02-30T00:00Z' },
      /^Invalid configuration: SECURITY_TXT_EXPIRES must be a date that exists/,
    ],
    [
      { SECURITY_CONTACT: 'security@example.nl', SECURITY_TXT_EXPIRES: EXPIRES, SECURITY_POLICY_URL: 'beleid' },
      /^Invalid configuration: SECURITY_POLICY_URL must be an absolute http\(s\) URL/,
    ],
  ])('refuse %o with one line naming the variable', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});
