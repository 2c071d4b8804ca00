import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContentService } from '../../sample-cms/service.ts';
import { submissionsOf } from '../helpers/report-post.ts';
import { API_KEY, start } from './helpers.ts';

// Statamic's form route as the sample service implements it: the answers of FormController@submit to a
// request that asks for JSON, and the submissions listed on the admin route.

const ADMIN_KEY = 'forms-test-admin-key';
const REPORT = {
  subject_kind: 'person',
  subject_name: 'J. Jansen',
  title_used: 'architect',
  location: 'https://jansen.example.nl',
  details: 'Noemt zich architect op de website.',
};

let service: ContentService;
beforeAll(async () => {
  service = await start({ adminKey: ADMIN_KEY });
});
afterAll(() => service.close());

const submit = (body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${service.url}/!/forms/title_misuse`, {
    method: 'POST',
    headers: { 'X-Api-Key': API_KEY, 'Content-Type': 'application/json', Accept: 'application/json', ...headers },
    body: JSON.stringify(body),
  });

const submissions = () => submissionsOf(service.url, ADMIN_KEY);

describe('POST /!/forms/{handle}', () => {
  it('keeps a valid submission and answers as Statamic does', async () => {
    const response = await submit(REPORT);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      success: true,
      submission_created: true,
      submission: { ...REPORT, reporter_name: '', reporter_email: '' },
      redirect: null,
    });
    expect((await submissions()).map((report) => report.subject_name)).toContain('J. Jansen');
  });

  it("answers an invalid one with Laravel's 422, or Statamic's 400 to an XMLHttpRequest", async () => {
    const before = (await submissions()).length;
    const json = await submit({ ...REPORT, subject_name: '' });
    expect(json.status).toBe(422);
    expect(await json.json()).toEqual({
      message: 'The subject name field is required.',
      errors: { subject_name: ['The subject name field is required.'] },
    });
    const ajax = await submit({ ...REPORT, reporter_email: 'nope' }, { 'X-Requested-With': 'XMLHttpRequest' });
    expect(ajax.status).toBe(400);
    expect(await ajax.json()).toEqual({
      errors: ['The reporter email field must be a valid email address.'],
      error: { reporter_email: 'The reporter email field must be a valid email address.' },
    });
    expect(await submissions()).toHaveLength(before);
  });

  it('refuses a request without the key, an unknown form and a body beyond its bound', async () => {
    expect((await submit(REPORT, { 'X-Api-Key': 'wrong' })).status).toBe(401);
    const unknown = await fetch(`${service.url}/!/forms/contact`, {
      method: 'POST',
      headers: { 'X-Api-Key': API_KEY },
      body: '{}',
    });
    expect(unknown.status).toBe(404);
    expect((await submit({ ...REPORT, details: 'x'.repeat(70 * 1024) })).status).toBe(413);
  });
});
