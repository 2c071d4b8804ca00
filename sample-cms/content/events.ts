import { image } from './assets.ts';
import { isoDate } from './ids.ts';
import { L } from './model.ts';
import type { Bilingual, EntrySeed } from './model.ts';
import { BOTH_SITES, bilingualParagraphs, entrySeed, slugsOf } from './seed.ts';
import { termRef } from './taxonomies.ts';

// Events: a dated collection (the entry date is the day of the event; times are Dutch local time).
// Dates are fixed, so some events lie in the past and stay listed, as the agenda shows past events too.

type EventType = 'informatiebijeenkomst' | 'webinar' | 'symposium' | 'beurs' | 'excursie';

interface EventLine {
  day: string;
  start: string;
  end: string;
  type: EventType;
  location: Bilingual<string> | string;
  title: Bilingual<string>;
  intro: Bilingual<string>;
}

const ONLINE = L('Online', 'Online');

const LINES: readonly EventLine[] = [
  {
    day: '2026-09-24',
    start: '15:00',
    end: '17:00',
    type: 'informatiebijeenkomst',
    location: 'Den Haag',
    title: L(
      'Informatiebijeenkomst inschrijven met een buitenlands diploma',
      'Information meeting on registering with a foreign diploma',
    ),
    intro: L(
      'Hoe werkt erkenning van uw buitenlandse diploma? Onze medewerkers lichten de procedure toe en beantwoorden uw vragen.',
      'How does the recognition of your foreign diploma work? Our staff explain the procedure and answer your questions.',
    ),
  },
  {
    day: '2026-10-08',
    start: '12:00',
    end: '13:00',
    type: 'webinar',
    location: ONLINE,
    title: L(
      'Webinar: de beroepservaringsperiode in de praktijk',
      'Webinar: the professional experience period in practice',
    ),
    intro: L(
      'Een mentor en twee beroepsbeoefenaars vertellen over hun ervaringen met de beroepservaringsperiode.',
      'A mentor and two professionals talk about their experiences with the professional experience period.',
    ),
  },
  {
    day: '2026-11-05',
    start: '13:30',
    end: '17:30',
    type: 'symposium',
    location: 'Rotterdam',
    title: L('Symposium Titelbescherming in Europa', 'Symposium Title protection in Europe'),
    intro: L(
      'Registers uit vijf Europese landen vergelijken hoe zij de titel architect beschermen.',
      'Registers from five European countries compare how they protect the title architect.',
    ),
  },
  {
    day: '2026-12-03',
    start: '12:00',
    end: '13:00',
    type: 'webinar',
    location: ONLINE,
    title: L('Webinar: herinschrijving stap voor stap', 'Webinar: re-registration step by step'),
    intro: L(
      'Wij laten zien welke documenten u nodig heeft om u opnieuw in te schrijven.',
      'We show which documents you need to register again.',
    ),
  },
  {
    day: '2027-01-14',
    start: '16:00',
    end: '18:30',
    type: 'informatiebijeenkomst',
    location: 'Den Haag',
    title: L('Nieuwjaarsbijeenkomst 2027', "New Year's reception 2027"),
    intro: L(
      'Wij blikken terug op 2026 en vooruit op de plannen voor het nieuwe jaar.',
      'We look back on 2026 and ahead to the plans for the new year.',
    ),
  },
  {
    day: '2027-01-28',
    start: '12:00',
    end: '13:00',
    type: 'webinar',
    location: ONLINE,
    title: L('Webinar: de Wet op de architectentitel uitgelegd', "Webinar: the Architects' Title Act explained"),
    intro: L(
      'In een uur leert u wat de wet regelt, voor wie zij geldt en wat er gebeurt bij titelmisbruik.',
      'In one hour you learn what the act governs, whom it applies to and what happens when a title is misused.',
    ),
  },
  {
    day: '2027-02-11',
    start: '14:00',
    end: '17:00',
    type: 'informatiebijeenkomst',
    location: 'Utrecht',
    title: L('Mentorenbijeenkomst beroepservaringsperiode', 'Mentors’ meeting for the professional experience period'),
    intro: L(
      'Mentoren wisselen ervaringen uit over het begeleiden van beroepsbeoefenaars.',
      'Mentors exchange experiences of guiding professionals.',
    ),
  },
  {
    day: '2027-03-04',
    start: '13:00',
    end: '17:00',
    type: 'symposium',
    location: 'Amsterdam',
    title: L(
      'Symposium De ontwerper en de Omgevingswet',
      'Symposium The designer and the Environment and Planning Act',
    ),
    intro: L(
      'Wat betekent de Omgevingswet voor de rol van architecten en stedenbouwkundigen?',
      'What does the Environment and Planning Act mean for the role of architects and urban planners?',
    ),
  },
  {
    day: '2027-03-18',
    start: '19:00',
    end: '21:00',
    type: 'informatiebijeenkomst',
    location: 'Delft',
    title: L('Informatieavond voor afstudeerders', 'Information evening for graduating students'),
    intro: L(
      'Voor studenten die binnenkort afstuderen: van diploma via beroepservaringsperiode naar inschrijving.',
      'For students about to graduate: from diploma through the professional experience period to registration.',
    ),
  },
  {
    day: '2027-04-13',
    start: '10:00',
    end: '17:00',
    type: 'beurs',
    location: 'Amsterdam',
    title: L(
      'Het Architectenregister op de vakbeurs Bouwen en Wonen',
      "The Architects' Register at the Building and Living trade fair",
    ),
    intro: L(
      'Bezoek onze stand en controleer ter plekke of uw ontwerper is ingeschreven.',
      'Visit our stand and check on the spot whether your designer is registered.',
    ),
  },
  {
    day: '2027-05-20',
    start: '12:00',
    end: '13:00',
    type: 'webinar',
    location: ONLINE,
    title: L(
      'Webinar: erkenning van beroepskwalificaties in de EU',
      'Webinar: recognition of professional qualifications in the EU',
    ),
    intro: L(
      'Voor architecten uit andere lidstaten die in Nederland willen werken.',
      'For architects from other member states who want to work in the Netherlands.',
    ),
  },
  {
    day: '2027-06-10',
    start: '13:00',
    end: '17:00',
    type: 'excursie',
    location: 'Rotterdam',
    title: L('Excursie: herbestemming in Rotterdam-Zuid', 'Excursion: adaptive reuse in Rotterdam-Zuid'),
    intro: L(
      'Een wandeling langs drie herbestemde industriële gebouwen, met toelichting van de architecten.',
      'A walk past three repurposed industrial buildings, with explanations from the architects.',
    ),
  },
  {
    day: '2027-09-16',
    start: '15:00',
    end: '17:00',
    type: 'informatiebijeenkomst',
    location: 'Eindhoven',
    title: L('Informatiebijeenkomst voor interieurarchitecten', 'Information meeting for interior architects'),
    intro: L(
      'Alles over inschrijving en titelgebruik voor interieurarchitecten.',
      'Everything about registration and use of the title for interior architects.',
    ),
  },
  {
    day: '2027-10-07',
    start: '13:00',
    end: '17:30',
    type: 'symposium',
    location: 'Wageningen',
    title: L('Symposium Landschap en klimaatadaptatie', 'Symposium Landscape and climate adaptation'),
    intro: L(
      'Tuin- en landschapsarchitecten laten zien hoe ontwerp helpt bij water en hitte.',
      'Garden and landscape architects show how design helps with water and heat.',
    ),
  },
  {
    day: '2027-11-11',
    start: '10:00',
    end: '16:00',
    type: 'excursie',
    location: 'Almere',
    title: L('Excursie: nieuwe wijken in Almere', 'Excursion: new neighbourhoods in Almere'),
    intro: L(
      'Stedenbouwkundigen leiden u rond door twee wijken die in de afgelopen tien jaar zijn gebouwd.',
      'Urban planners show you around two neighbourhoods built over the past ten years.',
    ),
  },
];

const REGISTRATION_NOTE = L(
  'Deelname is gratis. Meld u aan via het contactformulier; u ontvangt een bevestiging per e-mail.',
  'Participation is free. Sign up through the contact form; you will receive a confirmation by email.',
);

const event = (line: EventLine, index: number, published = true): EntrySeed =>
  entrySeed({
    key: `events/${index}`,
    collection: 'events',
    slug: slugsOf(line.title),
    sites: BOTH_SITES,
    published,
    date: isoDate(line.day),
    updatedAt: isoDate('2026-08-01', '09:00'),
    data: {
      title: line.title,
      event_type: termRef('event_types', line.type),
      start_time: line.start,
      end_time: line.end,
      location: line.location,
      intro: line.intro,
      image: index % 4 === 0 ? image(`agenda/${slugsOf(line.title).nl}`, line.title) : null,
      content: bilingualParagraphs(line.intro, REGISTRATION_NOTE),
    },
  });

const DRAFT: EventLine = {
  day: '2027-12-02',
  start: '15:00',
  end: '17:00',
  type: 'informatiebijeenkomst',
  location: 'Den Haag',
  title: L('Concept: lancering registerportaal', 'Draft: launch of the register portal'),
  intro: L('Deze bijeenkomst wordt nog voorbereid.', 'This meeting is still being prepared.'),
};

export const EVENT_SEEDS: readonly EntrySeed[] = [
  ...LINES.map((line, index) => event(line, index)),
  event(DRAFT, LINES.length, false),
];
