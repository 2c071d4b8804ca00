import { isoDate } from './ids.ts';
import { L } from './model.ts';
import type { Bilingual, EntrySeed } from './model.ts';
import { BOTH_SITES, bilingualParagraphs, entrySeed, slugsOf } from './seed.ts';

// Vacancies at the Architects' Register Office, listed on the careers page.

interface VacancyLine {
  title: Bilingual<string>;
  hours: Bilingual<string>;
  salary: Bilingual<string>;
  closingDay: string;
  intro: Bilingual<string>;
}

const LINES: readonly VacancyLine[] = [
  {
    title: L('Beleidsmedewerker registratie', 'Registration policy officer'),
    hours: L('32 tot 36 uur per week', '32 to 36 hours a week'),
    salary: L('schaal 10, maximaal € 5.400 bruto per maand', 'scale 10, up to €5,400 gross a month'),
    closingDay: '2026-12-15',
    intro: L(
      'Je beoordeelt aanvragen tot inschrijving en denkt mee over het beleid voor de beroepservaringsperiode.',
      'You assess applications for registration and help shape the policy for the professional experience period.',
    ),
  },
  {
    title: L('Juridisch medewerker', 'Legal officer'),
    hours: L('28 tot 36 uur per week', '28 to 36 hours a week'),
    salary: L('schaal 11, maximaal € 6.100 bruto per maand', 'scale 11, up to €6,100 gross a month'),
    closingDay: '2026-12-22',
    intro: L(
      'Je behandelt bezwaarschriften en meldingen van titelmisbruik en adviseert over de Wet op de architectentitel.',
      "You handle objections and reports of title misuse and advise on the Architects' Title Act.",
    ),
  },
  {
    title: L('Medewerker klantcontact', 'Customer contact officer'),
    hours: L('24 tot 32 uur per week', '24 to 32 hours a week'),
    salary: L('schaal 7, maximaal € 3.900 bruto per maand', 'scale 7, up to €3,900 gross a month'),
    closingDay: '2027-01-10',
    intro: L(
      'Je beantwoordt vragen van architecten, opdrachtgevers en studenten aan de telefoon en per e-mail.',
      'You answer questions from architects, clients and students by phone and email.',
    ),
  },
  {
    title: L('Informatieanalist', 'Information analyst'),
    hours: L('36 uur per week', '36 hours a week'),
    salary: L('schaal 11, maximaal € 6.100 bruto per maand', 'scale 11, up to €6,100 gross a month'),
    closingDay: '2027-01-17',
    intro: L(
      'Je vertaalt de wensen van het bureau naar verbeteringen in het registersysteem en het nieuwe portaal.',
      'You translate the office’s needs into improvements to the register system and the new portal.',
    ),
  },
  {
    title: L('Stagiair communicatie', 'Communications intern'),
    hours: L('32 tot 40 uur per week, vijf maanden', '32 to 40 hours a week, five months'),
    salary: L('stagevergoeding € 600 per maand', 'internship allowance €600 a month'),
    closingDay: '2027-01-31',
    intro: L(
      'Je helpt bij nieuwsberichten, de website en de voorbereiding van onze evenementen.',
      'You help with news items, the website and preparing our events.',
    ),
  },
];

const APPLY = L(
  'Solliciteer met een korte motivatie en je cv. Een assessment kan deel uitmaken van de procedure.',
  'Apply with a short motivation and your CV. An assessment may be part of the procedure.',
);

const vacancy = (line: VacancyLine, index: number, published = true): EntrySeed =>
  entrySeed({
    key: `vacancies/${index}`,
    collection: 'vacancies',
    slug: slugsOf(line.title),
    sites: BOTH_SITES,
    published,
    date: null,
    updatedAt: isoDate('2026-11-10', '14:00'),
    data: {
      title: line.title,
      location: 'Den Haag',
      hours: line.hours,
      salary: line.salary,
      closing_date: isoDate(line.closingDay),
      intro: line.intro,
      content: bilingualParagraphs(line.intro, APPLY),
    },
  });

const DRAFT: VacancyLine = {
  title: L('Concept: teamleider registratie', 'Draft: registration team leader'),
  hours: L('36 uur per week', '36 hours a week'),
  salary: L('schaal 12', 'scale 12'),
  closingDay: '2027-03-01',
  intro: L('Deze vacature is nog niet opengesteld.', 'This vacancy is not open yet.'),
};

export const VACANCY_SEEDS: readonly EntrySeed[] = [
  ...LINES.map((line, index) => vacancy(line, index)),
  vacancy(DRAFT, LINES.length, false),
];
