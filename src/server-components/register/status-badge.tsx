import type { I18n } from '../../i18n/i18n.ts';
import type { RegistrationStatus } from '../../common/register-types.ts';
import type { Locale } from '../../common/routes.ts';
import { statusText } from './status-text.ts';

// A registration's status as a badge, in the search results and on the registration's page.

/** A mark beside the words, for a quicker read: the words carry the status, never the colour or the mark. */
export const STATUS_MARKS: Record<RegistrationStatus['kind'], string> = {
  registered: '✓',
  suspended: '‖',
  ended: '—',
  'struck-off': '—',
};

export const StatusBadge = ({ status, locale, i18n }: { status: RegistrationStatus; locale: Locale; i18n: I18n }) => (
  <span className={`registration-badge registration-badge--${status.kind}`}>
    <span className="registration-badge__mark" aria-hidden="true">
      {STATUS_MARKS[status.kind]}
    </span>{' '}
    {statusText(status, locale, i18n)}
  </span>
);
