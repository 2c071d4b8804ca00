import { L } from './model.ts';
import type { Bilingual } from './model.ts';

// The navigation trees. Every item links to an entry by key, so its URL is that entry's URL in the reading
// site; an item whose entry is unpublished is dropped with its children, as Statamic does.

export interface NavItemDef {
  entry: string;
  /** A custom title; without one the entry's title is used. */
  title?: Bilingual<string>;
  openInNewTab?: boolean;
  children?: readonly NavItemDef[];
}

export interface NavDef {
  handle: string;
  title: string;
  tree: readonly NavItemDef[];
}

const item = (
  entry: string,
  children: readonly NavItemDef[] = [],
  extra: Omit<NavItemDef, 'entry' | 'children'> = {},
): NavItemDef => ({
  entry,
  children,
  ...extra,
});

export const NAVS: readonly NavDef[] = [
  {
    handle: 'megamenu',
    title: 'Megamenu',
    tree: [
      item('over-ons', [item('organisatie'), item('medewerkers'), item('werken-bij'), item('jaarverslagen')]),
      item('inschrijven', [
        item('nederlands-diploma'),
        item('buitenlandse-architecten'),
        item('beroepservaringsperiode'),
        item('herinschrijving'),
        item('tarieven'),
      ]),
      item('de-wet', [item('titelbescherming'), item('beroepstitels')]),
      item('klachten', [item('klacht-indienen'), item('tuchtrecht')]),
      item(
        'actualiteiten',
        [
          item('actualiteiten', [], { title: L('Nieuws', 'News') }),
          item('agenda'),
          item('cursussen'),
          item('publicaties'),
          // The latest annual report opens beside the menu, so readers keep their place on the site.
          item('publications/jaarverslag-2025', [], { openInNewTab: true }),
        ],
        { title: L('Actueel', 'News & events') },
      ),
      item('contact'),
      // A draft page: hidden until it is published, together with its children.
      item('nieuw-registerportaal', [item('veelgestelde-vragen')]),
    ],
  },
  {
    handle: 'footer',
    title: 'Footer',
    tree: [
      item('contact'),
      item('veelgestelde-vragen'),
      item('publicaties'),
      item('privacyverklaring'),
      item('toegankelijkheid'),
    ],
  },
];

export const findNav = (handle: string): NavDef | undefined => NAVS.find((candidate) => candidate.handle === handle);
