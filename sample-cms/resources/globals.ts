import type { GlobalSetDef } from '../content/globals.ts';
import type { SiteHandle } from '../content/model.ts';
import { localize } from '../content/store.ts';
import { absoluteUrl } from './context.ts';
import type { ResourceContext } from './context.ts';
import { resolveValue, sortKeys } from './values.ts';
import type { ApiValue } from './values.ts';

// A global set (Statamic's GlobalSetResource): its variables in the site, keys sorted, then `handle`
// and `api_url` appended.

export const globalSetResource = (
  context: ResourceContext,
  set: GlobalSetDef,
  site: SiteHandle,
): Record<string, ApiValue> => {
  const variables: Record<string, ApiValue> = {};
  for (const [key, value] of Object.entries(set.data)) {
    variables[key] = resolveValue(context, localize(value, site), site);
  }
  return { ...sortKeys(variables), handle: set.handle, api_url: absoluteUrl(context, `/api/globals/${set.handle}`) };
};
