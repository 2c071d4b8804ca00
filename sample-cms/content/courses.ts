import { image } from './assets.ts';
import { isoDate } from './ids.ts';
import type { EntrySeed } from './model.ts';
import { entrySeed, paragraphs, slugify } from './seed.ts';
import { termRef } from './taxonomies.ts';

// Courses exist in the Dutch site only (the site always reads them with site `default`): modules of the
// professional experience period and further training for registered designers.

type CourseType = 'bep-module' | 'workshop' | 'masterclass' | 'e-learning';
type Discipline = 'architectuur' | 'interieurarchitectuur' | 'stedenbouw' | 'tuin-en-landschapsarchitectuur';

interface CourseLine {
  title: string;
  type: CourseType;
  disciplines: readonly Discipline[];
  provider: string;
  location: string;
  startDay: string;
  duration: string;
  price: string;
  intro: string;
}

const ALL: readonly Discipline[] = [
  'architectuur',
  'interieurarchitectuur',
  'stedenbouw',
  'tuin-en-landschapsarchitectuur',
];

const LINES: readonly CourseLine[] = [
  {
    title: 'Beroepspraktijk en ondernemerschap',
    type: 'bep-module',
    disciplines: ALL,
    provider: 'Academie van Bouwkunst',
    location: 'Amsterdam',
    startDay: '2027-01-18',
    duration: '6 bijeenkomsten',
    price: '€ 650',
    intro: 'Hoe zet u een eigen praktijk op, maakt u een offerte en houdt u uw bureau financieel gezond?',
  },
  {
    title: 'Regelgeving, bouwrecht en aansprakelijkheid',
    type: 'bep-module',
    disciplines: ALL,
    provider: 'Bureau Architectenregister',
    location: 'Den Haag',
    startDay: '2027-02-08',
    duration: '4 bijeenkomsten',
    price: '€ 480',
    intro: 'De regels die elke ontwerper moet kennen: Omgevingswet, Besluit bouwwerken leefomgeving en de DNR 2011.',
  },
  {
    title: 'Projectmanagement voor ontwerpers',
    type: 'bep-module',
    disciplines: ['architectuur', 'interieurarchitectuur'],
    provider: 'TU Delft',
    location: 'Delft',
    startDay: '2027-03-01',
    duration: '5 bijeenkomsten',
    price: '€ 560',
    intro: 'Planning, budget en samenwerking met aannemers en adviseurs in elke fase van een project.',
  },
  {
    title: 'Aanbesteden en contractvormen',
    type: 'bep-module',
    disciplines: ['architectuur', 'stedenbouw'],
    provider: 'Academie van Bouwkunst',
    location: 'Rotterdam',
    startDay: '2027-04-12',
    duration: '3 bijeenkomsten',
    price: '€ 390',
    intro: 'Van traditioneel bestek tot bouwteam en geïntegreerde contracten: wat betekent de keuze voor de ontwerper?',
  },
  {
    title: 'Circulair ontwerpen',
    type: 'masterclass',
    disciplines: ['architectuur', 'interieurarchitectuur'],
    provider: 'Het Nieuwe Instituut',
    location: 'Rotterdam',
    startDay: '2027-02-22',
    duration: '2 dagen',
    price: '€ 720',
    intro: 'Ontwerpen met hergebruikte materialen en voor demontage, met voorbeelden uit de praktijk.',
  },
  {
    title: 'Energieneutraal renoveren',
    type: 'workshop',
    disciplines: ['architectuur'],
    provider: 'Bureau Architectenregister',
    location: 'Utrecht',
    startDay: '2027-03-15',
    duration: '1 dag',
    price: '€ 295',
    intro: 'Hoe maakt u een bestaand gebouw energieneutraal zonder de architectuur geweld aan te doen?',
  },
  {
    title: 'Ontwerpen voor de openbare ruimte',
    type: 'masterclass',
    disciplines: ['stedenbouw', 'tuin-en-landschapsarchitectuur'],
    provider: 'Wageningen University & Research',
    location: 'Wageningen',
    startDay: '2027-05-10',
    duration: '3 dagen',
    price: '€ 940',
    intro: 'Pleinen, parken en straten die uitnodigen tot verblijf en bestand zijn tegen hitte en hoosbuien.',
  },
  {
    title: 'Materialen en detaillering in het interieur',
    type: 'workshop',
    disciplines: ['interieurarchitectuur'],
    provider: 'Design Academy Eindhoven',
    location: 'Eindhoven',
    startDay: '2027-04-05',
    duration: '2 dagen',
    price: '€ 520',
    intro: 'Van materiaalkeuze tot detailtekening: duurzaam en uitvoerbaar ontwerpen in het interieur.',
  },
  {
    title: 'De Omgevingswet voor ontwerpers',
    type: 'e-learning',
    disciplines: ALL,
    provider: 'Bureau Architectenregister',
    location: 'Online',
    startDay: '2027-01-04',
    duration: '8 uur, in eigen tempo',
    price: '€ 150',
    intro: 'Een online cursus over omgevingsplannen, vergunningen en participatie onder de Omgevingswet.',
  },
  {
    title: 'Erfgoed en herbestemming',
    type: 'masterclass',
    disciplines: ['architectuur', 'stedenbouw'],
    provider: 'Rijksdienst voor het Cultureel Erfgoed',
    location: 'Amersfoort',
    startDay: '2027-06-07',
    duration: '2 dagen',
    price: '€ 680',
    intro: 'Nieuwe functies voor monumenten: onderzoek, waardestelling en ontwerp.',
  },
];

const course = (line: CourseLine, index: number, published = true): EntrySeed =>
  entrySeed({
    key: `courses/${index}`,
    collection: 'courses',
    slug: slugify(line.title),
    sites: ['default'],
    published,
    date: null,
    updatedAt: isoDate('2026-10-12', '11:00'),
    data: {
      title: line.title,
      course_type: termRef('course_types', line.type),
      disciplines: line.disciplines.map((slug) => termRef('disciplines', slug)),
      provider: line.provider,
      location: line.location,
      start_date: isoDate(line.startDay),
      duration: line.duration,
      price: line.price,
      intro: line.intro,
      image: index % 2 === 0 ? image(`cursussen/${slugify(line.title)}`, line.title) : null,
      content: paragraphs(
        line.intro,
        `De cursus wordt gegeven door ${line.provider} in ${line.location}. Aanmelden kan tot twee weken voor de start.`,
      ),
    },
  });

const DRAFT: CourseLine = {
  title: 'Concept: BIM voor kleine bureaus',
  type: 'workshop',
  disciplines: ['architectuur'],
  provider: 'Bureau Architectenregister',
  location: 'Den Haag',
  startDay: '2027-09-06',
  duration: '1 dag',
  price: '€ 295',
  intro: 'Deze workshop wordt nog ontwikkeld.',
};

export const COURSE_SEEDS: readonly EntrySeed[] = [
  ...LINES.map((line, index) => course(line, index)),
  course(DRAFT, LINES.length, false),
];
