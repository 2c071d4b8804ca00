import { Suspense } from 'react';
import { setTimeout as delay } from 'node:timers/promises';
import type { Locale } from '../../routes.ts';

// Placeholder home page. `LatestUpdates` stands in for the CMS lists that stream in behind Suspense,
// so that the streamed pipeline (shell first, the slow part later) is exercised from the start.
const LatestUpdates = async ({ locale }: { locale: Locale }) => {
  await delay(200);
  return (
    <section aria-labelledby="latest" data-testid="latest-updates">
      <h2 id="latest">{locale === 'nl' ? 'Laatste nieuws' : 'Latest news'}</h2>
      <p>{locale === 'nl' ? 'Binnenkort meer.' : 'More soon.'}</p>
    </section>
  );
};

export const HomePage = ({ locale }: { locale: Locale }) => (
  <article>
    <title>Architectenregister</title>
    <h1>{locale === 'nl' ? 'Welkom bij het Architectenregister' : 'Welcome to the Architects Register'}</h1>
    <Suspense fallback={<p>{locale === 'nl' ? 'Laden…' : 'Loading…'}</p>}>
      <LatestUpdates locale={locale} />
    </Suspense>
  </article>
);
