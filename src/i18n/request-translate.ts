import 'server-only';
import { getRequestContext } from '../render/request-context.ts';
import { translator } from './translate.ts';
import type { Translate } from './translate.ts';

/** The translator of the current request's locale, for server components. */
export const getTranslate = (): Translate => translator(getRequestContext().locale);
