import { document, image } from './assets.ts';
import { isoDate } from './ids.ts';
import { L } from './model.ts';
import type { Bilingual, EntrySeed } from './model.ts';
import { BOTH_SITES, bilingualParagraphs, entrySeed, metaFields, slugify, slugsOf } from './seed.ts';
import { termRef } from './taxonomies.ts';

// Publications: each has a downloadable PDF (one file shared by both sites, named after the Dutch title).

type PublicationType = 'jaarverslag' | 'brochure' | 'factsheet' | 'beleidsdocument' | 'onderzoek';

interface PublicationLine {
  title: Bilingual<string>;
  type: PublicationType;
  day: string;
  intro: Bilingual<string>;
  /** The file name when it differs from the Dutch slug (files linked from pages use these names). */
  file?: string;
}

const LINES: readonly PublicationLine[] = [
  {
    title: L('Jaarverslag 2025', 'Annual report 2025'),
    type: 'jaarverslag',
    day: '2026-07-09',
    intro: L(
      'Het verslag over 2025: aanvragen, erkenningen en de ontwikkeling van het register.',
      'The report on 2025: applications, recognitions and the development of the register.',
    ),
  },
  {
    title: L('Jaarverslag 2024', 'Annual report 2024'),
    type: 'jaarverslag',
    day: '2025-07-10',
    intro: L(
      'Het verslag over 2024, met extra aandacht voor aanvragen uit het buitenland.',
      'The report on 2024, with special attention to applications from abroad.',
    ),
  },
  {
    title: L('Jaarverslag 2023', 'Annual report 2023'),
    type: 'jaarverslag',
    day: '2024-07-04',
    intro: L('Het verslag over 2023.', 'The report on 2023.'),
  },
  {
    title: L('Brochure Inschrijven in het Architectenregister', "Brochure Registering with the Architects' Register"),
    type: 'brochure',
    day: '2026-01-15',
    file: 'brochure-inschrijven',
    intro: L(
      'Alle stappen van aanvraag tot inschrijving in één brochure.',
      'Every step from application to registration in one brochure.',
    ),
  },
  {
    title: L('Factsheet beroepservaringsperiode', 'Factsheet professional experience period'),
    type: 'factsheet',
    day: '2026-02-01',
    intro: L('De beroepservaringsperiode op één pagina.', 'The professional experience period on one page.'),
  },
  {
    title: L('Brochure Werken met een architect', 'Brochure Working with an architect'),
    type: 'brochure',
    day: '2025-09-01',
    intro: L(
      'Voor opdrachtgevers: wat u mag verwachten en hoe u afspraken vastlegt.',
      'For clients: what to expect and how to record agreements.',
    ),
  },
  {
    title: L('Factsheet titelbescherming', 'Factsheet title protection'),
    type: 'factsheet',
    day: '2025-05-01',
    intro: L(
      'Welke titels zijn beschermd en wat gebeurt er bij misbruik?',
      'Which titles are protected and what happens when they are misused?',
    ),
  },
  {
    title: L('Evaluatie Wet op de architectentitel 2025', "Evaluation of the Architects' Title Act 2025"),
    type: 'onderzoek',
    day: '2025-12-11',
    intro: L('Het onafhankelijke onderzoek naar de werking van de wet.', 'The independent study of how the act works.'),
  },
  {
    title: L(
      'Beleidsregel erkenning buitenlandse beroepskwalificaties',
      'Policy rule on the recognition of foreign professional qualifications',
    ),
    type: 'beleidsdocument',
    day: '2024-03-01',
    file: 'beleidsregel-erkenning-buitenlandse-beroepskwalificaties',
    intro: L(
      'Hoe wij buitenlandse diploma’s en ervaring beoordelen.',
      'How we assess foreign diplomas and experience.',
    ),
  },
  {
    title: L('Tarievenoverzicht 2027', 'Fee schedule 2027'),
    type: 'factsheet',
    day: '2026-10-28',
    intro: L('Alle tarieven per 1 januari 2027.', 'All fees as of 1 January 2027.'),
  },
  {
    title: L('Handreiking voor mentoren', 'Guide for mentors'),
    type: 'brochure',
    day: '2025-08-15',
    file: 'handreiking-mentoren',
    intro: L(
      'Praktische tips voor het begeleiden van beroepsbeoefenaars.',
      'Practical tips for guiding professionals.',
    ),
  },
  {
    title: L('Arbeidsmarktonderzoek ontwerpers 2025', 'Labour market study of designers 2025'),
    type: 'onderzoek',
    day: '2025-11-20',
    intro: L(
      'Hoeveel ontwerpers zijn er nodig in de komende tien jaar?',
      'How many designers will be needed over the next ten years?',
    ),
  },
  {
    title: L('Privacyreglement', 'Privacy regulations'),
    type: 'beleidsdocument',
    day: '2025-06-12',
    intro: L('Hoe wij omgaan met persoonsgegevens in het register.', 'How we handle personal data in the register.'),
  },
  {
    title: L('Klachtenregeling', 'Complaints procedure'),
    type: 'beleidsdocument',
    day: '2024-09-01',
    file: 'klachtenregeling',
    intro: L(
      'Hoe u een klacht over het bureau indient en hoe wij die behandelen.',
      'How to file a complaint about the office and how we handle it.',
    ),
  },
  {
    title: L(
      'Brochure De interieurarchitect: een beschermde titel',
      'Brochure The interior architect: a protected title',
    ),
    type: 'brochure',
    day: '2025-02-27',
    intro: L(
      'Over de opleiding, de inschrijving en het werk van de interieurarchitect.',
      'About the education, registration and work of the interior architect.',
    ),
  },
];

const publication = (line: PublicationLine, index: number, published = true): EntrySeed => {
  const slug = slugsOf(line.title);
  const fileName = line.file ?? slugify(line.title.nl);
  return entrySeed({
    key: `publications/${slug.nl}`,
    collection: 'publications',
    slug,
    sites: BOTH_SITES,
    published,
    date: null,
    updatedAt: isoDate(line.day, '12:00'),
    data: {
      title: line.title,
      publication_type: termRef('publication_types', line.type),
      publication_date: isoDate(line.day),
      intro: line.intro,
      image: image(`publicaties/${fileName}`, line.title),
      file: document(fileName, line.title),
      content: bilingualParagraphs(line.intro),
      ...metaFields(index === 0 ? { ogImage: image(`publicaties/${fileName}`, line.title) } : {}),
    },
  });
};

const DRAFT: PublicationLine = {
  title: L('Concept: jaarverslag 2026', 'Draft: annual report 2026'),
  type: 'jaarverslag',
  day: '2027-07-01',
  intro: L('Het jaarverslag over 2026 is in voorbereiding.', 'The annual report on 2026 is being prepared.'),
};

export const PUBLICATION_SEEDS: readonly EntrySeed[] = [
  ...LINES.map((line, index) => publication(line, index)),
  publication(DRAFT, LINES.length, false),
];
