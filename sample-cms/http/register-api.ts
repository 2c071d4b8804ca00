import { parseArchitectQuery } from '../../src/common/register-query.ts';
import { decodeSegment } from '../../src/common/routes.ts';
import type { Register } from '../../src/common/register-types.ts';

// The register's API as docs/register-api.md states its contract, over the sample register: what the site
// reads at REGISTER_API_URL. The answer is a value, so that a test server can alter it on its way out.

/** Where the service serves the register's API. */
export const REGISTER_API_PATH = '/register';

export interface RegisterAnswer {
  status: number;
  body: unknown;
}

const NOT_FOUND: RegisterAnswer = { status: 404, body: { error: 'not found' } };

/** The answer to `path` (below REGISTER_API_PATH: `/architects`, `/architects/{number}`, `/places`). */
export const answerRegisterApi = async (
  register: Register,
  path: string,
  params: URLSearchParams,
): Promise<RegisterAnswer> => {
  if (path === '/places') return { status: 200, body: { data: await register.places() } };
  const one = /^\/architects\/([^/]+)$/.exec(path);
  if (one) {
    const number = decodeSegment(one[1]!);
    const found = number === null ? null : await register.get(number);
    return found
      ? { status: 200, body: { data: found.architect, meta: { retrievedAt: found.retrievedAt } } }
      : NOT_FOUND;
  }
  if (path !== '/architects') return NOT_FOUND;
  const parsed = parseArchitectQuery(params, 'strict');
  if (!parsed.ok) return { status: 400, body: { error: parsed.message } };
  return { status: 200, body: await register.search(parsed.query) };
};
