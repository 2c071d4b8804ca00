import type { I18n } from '../../i18n/i18n.ts';
import type { ArchitectTitle } from '../../common/register-types.ts';

/** The label of each title of the Act, from the catalogs. */
export const TITLE_LABELS: Record<ArchitectTitle, (i18n: I18n) => string> = {
  architect: (i18n) => i18n._('title_architect'),
  'interior-architect': (i18n) => i18n._('title_interior_architect'),
  'urban-planner': (i18n) => i18n._('title_urban_planner'),
  'landscape-architect': (i18n) => i18n._('title_landscape_architect'),
};
