import type { SiteNotice as Notice } from '../cms/types.ts';
import type { I18n } from '../i18n/i18n.ts';
import { NavLink } from './nav-link.tsx';

/**
 * The editors' notice above the header: a named region, so that a screen reader lists it among the
 * landmarks without announcing it on every view (a live region would). A warning says so in words too.
 */
export const SiteNotice = ({ notice, i18n }: { notice: Notice; i18n: I18n }) => (
  <section className={`site-notice site-notice--${notice.kind}`} aria-label={i18n._('notice_region')}>
    <p className="site-notice__text">
      {notice.kind === 'warning' ? (
        <strong className="site-notice__kind">{`${i18n._('notice_warning')} `}</strong>
      ) : null}
      {notice.text}
      {notice.link ? (
        <>
          {' '}
          <NavLink page={{ url: notice.link.url, title: notice.link.label }} newTabLabel={i18n._('opens_in_new_tab')} />
        </>
      ) : null}
    </p>
  </section>
);
