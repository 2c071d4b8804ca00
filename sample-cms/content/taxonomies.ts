import { L, TermRef } from './model.ts';
import type { Bilingual } from './model.ts';

// The five taxonomies. A term keeps one slug in both sites (Statamic term ids are `{taxonomy}::{slug}`);
// its title and description are translated.

export interface TermDef {
  slug: string;
  title: Bilingual<string>;
  description: Bilingual<string> | null;
}

export interface TaxonomyDef {
  handle: string;
  title: string;
  terms: readonly TermDef[];
}

const term = (slug: string, title: Bilingual<string>, description: Bilingual<string> | null = null): TermDef => ({
  slug,
  title,
  description,
});

const TAXONOMIES: readonly TaxonomyDef[] = [
  {
    handle: 'disciplines',
    title: 'Disciplines',
    terms: [
      term(
        'architectuur',
        L('Architectuur', 'Architecture'),
        L('Voor de titel architect.', 'For the title architect.'),
      ),
      term(
        'interieurarchitectuur',
        L('Interieurarchitectuur', 'Interior architecture'),
        L('Voor de titel interieurarchitect.', 'For the title interior architect.'),
      ),
      term(
        'stedenbouw',
        L('Stedenbouw', 'Urban planning'),
        L('Voor de titel stedenbouwkundige.', 'For the title urban planner.'),
      ),
      term(
        'tuin-en-landschapsarchitectuur',
        L('Tuin- en landschapsarchitectuur', 'Garden and landscape architecture'),
        L('Voor de titel tuin- en landschapsarchitect.', 'For the title garden and landscape architect.'),
      ),
    ],
  },
  {
    handle: 'actuality_types',
    title: 'Actuality types',
    terms: [
      term('nieuws', L('Nieuws', 'News')),
      term('persbericht', L('Persbericht', 'Press release')),
      term('column', L('Column', 'Column')),
      term('uitspraak', L('Uitspraak', 'Ruling')),
    ],
  },
  {
    handle: 'event_types',
    title: 'Event types',
    terms: [
      term('informatiebijeenkomst', L('Informatiebijeenkomst', 'Information meeting')),
      term('webinar', L('Webinar', 'Webinar')),
      term('symposium', L('Symposium', 'Symposium')),
      term('beurs', L('Beurs', 'Trade fair')),
      term('excursie', L('Excursie', 'Excursion')),
    ],
  },
  {
    handle: 'course_types',
    title: 'Course types',
    terms: [
      term('bep-module', L('Module beroepservaringsperiode', 'Professional experience module')),
      term('workshop', L('Workshop', 'Workshop')),
      term('masterclass', L('Masterclass', 'Masterclass')),
      term('e-learning', L('E-learning', 'E-learning')),
    ],
  },
  {
    handle: 'publication_types',
    title: 'Publication types',
    terms: [
      term('jaarverslag', L('Jaarverslag', 'Annual report')),
      term('brochure', L('Brochure', 'Brochure')),
      term('factsheet', L('Factsheet', 'Factsheet')),
      term('beleidsdocument', L('Beleidsdocument', 'Policy document')),
      term('onderzoek', L('Onderzoek', 'Research')),
    ],
  },
];

export const findTaxonomy = (handle: string): TaxonomyDef | undefined =>
  TAXONOMIES.find((candidate) => candidate.handle === handle);

/** A reference to a term; the store checks at start that it exists. */
export const termRef = (taxonomy: string, slug: string): TermRef => new TermRef(taxonomy, slug);
