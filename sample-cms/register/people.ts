import type {
  ArchitectTitle,
  Measure,
  MeasureKind,
  Registration,
  RegistrationStatus,
  StrikeOffGround,
} from '../../src/common/register-types.ts';

// The sample register (docs/specification.md section 10): about 14,000 synthetic
// registrations, the same on every start (a seeded generator), shaped like the real register: Dutch
// names with their prefixes, places from real municipalities, the four titles in their proportions, some
// people with two titles, numbers like `1.070515.028` (registration day and a sequence number) and dates
// from 1988 on. Statuses come at the register's rates: about 6 % struck off (mostly at the person's
// request, some not re-registered, a few by a measure), a few tenths of a percent suspended, under 1 %
// with a disciplinary measure in force. Besides them, a few dozen temporary service providers from other
// EU states (WAT art. 27b), entered for a service of months: recent registrations, some already past their
// end date (the site shows those as no longer registered; docs/register-api.md).

export interface SamplePerson {
  firstName: string;
  /** `van`, `de`, `van der`, …; empty when the name has none. */
  prefix: string;
  surname: string;
  place: string;
  registrations: Registration[];
}

const PEOPLE = 13_500;
const TWO_TITLES = 0.04;
const STRUCK_OFF = 0.06;
const SUSPENDED = 0.003;
/** Of the registered, those with a warning, reprimand or fine in force. */
const OTHER_MEASURE = 0.004;
/** Temporary service providers: about 0.3 % of the register, entered from mid-2025 for 3 to 18 months. */
const TEMPORARY_PEOPLE = 40;
const TEMPORARY_FROM = Date.UTC(2025, 6, 1);
const TEMPORARY_MONTHS = [3, 6, 9, 12, 18] as const;
const FIRST_DAY = Date.UTC(1988, 0, 1);
const LAST_DAY = Date.UTC(2026, 5, 30);
const DAY_MS = 86_400_000;

const FIRST_NAMES = [
  'Jan',
  'Pieter',
  'Kees',
  'Willem',
  'Hendrik',
  'Maarten',
  'Daan',
  'Bram',
  'Sem',
  'Lucas',
  'Thijs',
  'Joost',
  'Ruud',
  'Gerrit',
  'Frank',
  'Sven',
  'Jeroen',
  'Bas',
  'Koen',
  'Niels',
  'Wouter',
  'Erik',
  'Rem',
  'Aldo',
  'Herman',
  'Mehmet',
  'Youssef',
  'Anouk',
  'Marieke',
  'Sanne',
  'Lotte',
  'Femke',
  'Eva',
  'Iris',
  'Noor',
  'Julia',
  'Sophie',
  'Fleur',
  'Esther',
  'Ingrid',
  'Annemarie',
  'Hélène',
  'Loïs',
  'Zoë',
  'Chloé',
  'Inès',
  'Noëlle',
  'Francine',
  'Mariëlle',
  'Ayşe',
  'Fatima',
  'Lieke',
  'Merel',
  'Roos',
  'Hanneke',
  'Carolien',
  'Petra',
  'Liesbeth',
  'Saskia',
  'Renée',
];

/** [prefix, surname]; the prefix is part of the name but not of its place in the alphabet. */
const SURNAMES: ReadonlyArray<readonly [string, string]> = [
  ['de', 'Jong'],
  ['', 'Jansen'],
  ['de', 'Vries'],
  ['van den', 'Berg'],
  ['van', 'Dijk'],
  ['', 'Bakker'],
  ['', 'Janssen'],
  ['', 'Visser'],
  ['', 'Smit'],
  ['', 'Meijer'],
  ['de', 'Boer'],
  ['', 'Mulder'],
  ['de', 'Groot'],
  ['', 'Bos'],
  ['', 'Vos'],
  ['', 'Peters'],
  ['', 'Hendriks'],
  ['van', 'Leeuwen'],
  ['', 'Dekker'],
  ['', 'Brouwer'],
  ['de', 'Wit'],
  ['', 'Dijkstra'],
  ['', 'Smits'],
  ['de', 'Graaf'],
  ['van der', 'Meer'],
  ['van der', 'Linden'],
  ['', 'Kok'],
  ['', 'Jacobs'],
  ['de', 'Haan'],
  ['', 'Vermeulen'],
  ['van den', 'Heuvel'],
  ['van der', 'Veen'],
  ['van den', 'Broek'],
  ['de', 'Bruijn'],
  ['de', 'Bruin'],
  ['van der', 'Heijden'],
  ['', 'Schouten'],
  ['van', 'Beek'],
  ['', 'Willems'],
  ['van', 'Vliet'],
  ['van de', 'Ven'],
  ['', 'Hoekstra'],
  ['', 'Maas'],
  ['', 'Verhoeven'],
  ['', 'Koster'],
  ['van', 'Dam'],
  ['van der', 'Wal'],
  ['', 'Prins'],
  ['', 'Blom'],
  ['', 'Huisman'],
  ['', 'Peeters'],
  ['de', 'Jonge'],
  ['', 'Kuipers'],
  ['van', 'Wijk'],
  ['', 'Post'],
  ['', 'Kuiper'],
  ['', 'Veenstra'],
  ['', 'Kramer'],
  ['van den', 'Brink'],
  ['', 'Scholten'],
  ['van', 'Wijngaarden'],
  ['', 'Postma'],
  ['', 'Martens'],
  ['', 'Vink'],
  ['de', 'Ruiter'],
  ['', 'Timmermans'],
  ['', 'Groen'],
  ['', 'Gerritsen'],
  ['', 'Jonker'],
  ['van', 'Loon'],
  ['', 'Boer'],
  ['van der', 'Velde'],
  ['', 'Willemsen'],
  ['', 'Smeets'],
  ['', 'Lambregts'],
  ['', 'Rietveld'],
  ['', 'Berlage'],
  ['', 'Dudok'],
  ['', 'Oud'],
  ['van', 'Eyck'],
  ['', 'Hertzberger'],
  ['', 'Koolhaas'],
  ['', 'Gehry'],
  ['', 'Müller'],
  ['', 'Özdemir'],
  ['', 'Çelik'],
  ['', 'Brandão'],
  ['', 'Kılıç'],
  ['', 'Nuñez'],
  ["'t", 'Hart'],
  ['ter', 'Horst'],
  ['ten', 'Cate'],
  ['van', "'t Hof"],
  ['op de', 'Beek'],
  ['', 'Dubois'],
  ['', 'Lefèvre'],
];

/** Where temporary service providers are established: [place, first names, [prefix, surname]s]. */
const ABROAD: ReadonlyArray<readonly [string, readonly string[], ReadonlyArray<readonly [string, string]>]> = [
  [
    'Antwerpen',
    ['Wim', 'Katrien', 'Joris'],
    [
      ['', 'Peeters'],
      ['', 'Claes'],
      ['van', 'Damme'],
    ],
  ],
  [
    'Gent',
    ['Lieven', 'An', 'Bart'],
    [
      ['de', 'Smet'],
      ['', 'Maes'],
      ['', 'Wouters'],
    ],
  ],
  [
    'Aachen',
    ['Jürgen', 'Katrin', 'Lukas'],
    [
      ['', 'Schmitz'],
      ['', 'Hoffmann'],
      ['', 'Becker'],
    ],
  ],
  [
    'Düsseldorf',
    ['Anja', 'Matthias', 'Sabine'],
    [
      ['', 'Weber'],
      ['', 'Fischer'],
      ['', 'Schäfer'],
    ],
  ],
  [
    'Kopenhagen',
    ['Mette', 'Søren', 'Anders'],
    [
      ['', 'Nielsen'],
      ['', 'Jørgensen'],
      ['', 'Sørensen'],
    ],
  ],
  [
    'Lissabon',
    ['João', 'Inês', 'Rui'],
    [
      ['', 'Gonçalves'],
      ['', 'Ferreira'],
      ['', 'Carvalho'],
    ],
  ],
  [
    'Parijs',
    ['Camille', 'Étienne', 'Margaux'],
    [
      ['', 'Lambert'],
      ['', 'Girard'],
      ['', 'Rousseau'],
    ],
  ],
];

/** Real municipalities, the larger ones with more architects. [place, weight] */
const PLACES: ReadonlyArray<readonly [string, number]> = [
  ['Amsterdam', 60],
  ['Rotterdam', 40],
  ["'s-Gravenhage", 30],
  ['Utrecht', 30],
  ['Eindhoven', 15],
  ['Groningen', 12],
  ['Tilburg', 8],
  ['Almere', 6],
  ['Breda', 8],
  ['Nijmegen', 9],
  ['Haarlem', 10],
  ['Arnhem', 9],
  ['Zaanstad', 4],
  ['Amersfoort', 7],
  ['Apeldoorn', 5],
  ["'s-Hertogenbosch", 7],
  ['Haarlemmermeer', 4],
  ['Zwolle', 6],
  ['Enschede', 5],
  ['Leiden', 7],
  ['Maastricht', 7],
  ['Dordrecht', 4],
  ['Zoetermeer', 3],
  ['Delft', 9],
  ['Leeuwarden', 4],
  ['Alkmaar', 4],
  ['Emmen', 2],
  ['Westland', 2],
  ['Venlo', 3],
  ['Deventer', 4],
  ['Hilversum', 5],
  ['Heerlen', 2],
  ['Súdwest-Fryslân', 2],
  ['Sittard-Geleen', 2],
  ['Oss', 2],
  ['Amstelveen', 4],
  ['Helmond', 2],
  ['Hengelo', 2],
  ['Purmerend', 2],
  ['Schiedam', 2],
  ['Lelystad', 2],
  ['Roosendaal', 2],
  ['Leidschendam-Voorburg', 3],
  ['Gouda', 3],
  ['Vlaardingen', 2],
  ['Alphen aan den Rijn', 2],
  ['Almelo', 1],
  ['Hoorn', 2],
  ['Velsen', 1],
  ['Ede', 2],
  ['Bergen op Zoom', 1],
  ['Capelle aan den IJssel', 1],
  ['Assen', 2],
  ['Veenendaal', 1],
  ['Zeist', 3],
  ['Nieuwegein', 2],
  ['Katwijk', 1],
  ['Hardenberg', 1],
  ['Roermond', 2],
  ['Den Helder', 1],
  ['Doetinchem', 1],
  ['Barneveld', 1],
  ['Heerhugowaard', 1],
  ['Oosterhout', 1],
  ['Smallingerland', 1],
  ['Kampen', 1],
  ['Middelburg', 2],
  ['Vlissingen', 1],
  ['Goes', 1],
  ['Wageningen', 2],
  ['Bussum', 1],
  ['Gooise Meren', 2],
  ['Baarn', 1],
  ['Bloemendaal', 2],
  ['Heemstede', 2],
  ['Wassenaar', 2],
  ['Rijswijk', 1],
  ['Houten', 1],
  ['De Bilt', 2],
  ['Bunnik', 1],
  ['Wijk bij Duurstede', 1],
  ['Culemborg', 1],
  ['Tiel', 1],
  ['Zutphen', 1],
  ['Harderwijk', 1],
  ['Meppel', 1],
  ['Steenwijkerland', 1],
  ['Heerenveen', 1],
  ['Sneek', 1],
  ['Dokkum', 1],
  ['Harlingen', 1],
  ['Texel', 1],
  ['Terschelling', 1],
  ['Schouwen-Duiveland', 1],
  ['Sluis', 1],
  ['Hulst', 1],
  ['Terneuzen', 1],
  ['Valkenburg aan de Geul', 1],
  ['Eijsden-Margraten', 1],
  ['Weert', 1],
  ['Nuenen, Gerwen en Nederwetten', 1],
  ['Waalre', 1],
  ['Veldhoven', 1],
  ['Best', 1],
  ['Boxtel', 1],
  ['Vught', 1],
  ['Waalwijk', 1],
];

/**
 * Weights of a first title. Second titles never repeat the first, so they lean away from `architect`;
 * these weights make up for it: the register comes out at about 75 / 13 / 6 / 5 %.
 */
const TITLE_SHARES: ReadonlyArray<readonly [ArchitectTitle, number]> = [
  ['architect', 77],
  ['interior-architect', 12.5],
  ['urban-planner', 5.5],
  ['landscape-architect', 4.6],
];

/** mulberry32: small, fast and good enough to make synthetic data look varied. */
const seededRandom = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

const weightedPicker = <T>(entries: ReadonlyArray<readonly [T, number]>, random: () => number) => {
  const total = entries.reduce((sum, [, weight]) => sum + weight, 0);
  return (): T => {
    let left = random() * total;
    for (const [value, weight] of entries) {
      left -= weight;
      if (left < 0) return value;
    }
    return entries.at(-1)![0];
  };
};

const STRIKE_OFF_GROUND_SHARES: ReadonlyArray<readonly [StrikeOffGround, number]> = [
  ['request', 70],
  ['not-re-registered', 27],
  ['measure', 3],
];
const LIGHTER_MEASURE_SHARES: ReadonlyArray<readonly [MeasureKind, number]> = [
  ['warning', 45],
  ['reprimand', 35],
  ['fine', 20],
];
/** Suspensions end in 2027 or 2028; lighter measures started from mid-2025 and stay in the register two years. */
const SUSPENSIONS_END_FROM = Date.UTC(2027, 0, 1);
const MEASURES_START_FROM = Date.UTC(2025, 6, 1);
const MEASURE_YEARS = 2;

const two = (value: number) => String(value).padStart(2, '0');
const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);
const inYears = (day: string, years: number) => `${Number(day.slice(0, 4)) + years}${day.slice(4)}`;

/**
 * The status and measures of one registration. Drawn from a generator of their own, so that the names,
 * places and numbers stay what they were before the register had statuses.
 */
const statusDrawer = (random: () => number) => {
  const ground = weightedPicker(STRIKE_OFF_GROUND_SHARES, random);
  const lighterMeasure = weightedPicker(LIGHTER_MEASURE_SHARES, random);
  const dayBetween = (from: number, to: number) =>
    isoDay(from + Math.floor(random() * ((to - from) / DAY_MS + 1)) * DAY_MS);

  return (registered: string, struckOff: boolean): { status: RegistrationStatus; measures: Measure[] } => {
    if (struckOff) {
      const date = dayBetween(Date.parse(registered), LAST_DAY);
      const why = ground();
      const measures: Measure[] = why === 'measure' ? [{ kind: 'striking-off', from: date, until: null }] : [];
      return { status: { kind: 'struck-off', date, ground: why }, measures };
    }
    const draw = random();
    if (draw < SUSPENDED) {
      const until = dayBetween(SUSPENSIONS_END_FROM, SUSPENSIONS_END_FROM + 540 * DAY_MS);
      const from = dayBetween(Math.max(Date.parse(registered), MEASURES_START_FROM), LAST_DAY);
      return { status: { kind: 'suspended', until }, measures: [{ kind: 'suspension', from, until }] };
    }
    if (draw < SUSPENDED + OTHER_MEASURE) {
      const kind = lighterMeasure();
      const from = dayBetween(Math.max(Date.parse(registered), MEASURES_START_FROM), LAST_DAY);
      const until = kind === 'fine' ? null : inYears(from, MEASURE_YEARS);
      return { status: { kind: 'registered' }, measures: [{ kind, from, until }] };
    }
    return { status: { kind: 'registered' }, measures: [] };
  };
};

/** Every person in the sample register, struck-off registrations included. */
export const samplePeople = (): SamplePerson[] => {
  const random = seededRandom(1988);
  const status = statusDrawer(seededRandom(1902));
  const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)]!;
  const place = weightedPicker(PLACES, random);
  const title = weightedPicker(TITLE_SHARES, random);
  const perDay = new Map<string, number>();

  const registration = (registered: ArchitectTitle): Registration => {
    let day: Date;
    do day = new Date(FIRST_DAY + Math.floor(random() * ((LAST_DAY - FIRST_DAY) / DAY_MS + 1)) * DAY_MS);
    while (day.getUTCDay() === 0 || day.getUTCDay() === 6);
    const date = `${day.getUTCFullYear()}-${two(day.getUTCMonth() + 1)}-${two(day.getUTCDate())}`;
    const yymmdd = `${two(day.getUTCFullYear() % 100)}${two(day.getUTCMonth() + 1)}${two(day.getUTCDate())}`;
    const sequence = (perDay.get(yymmdd) ?? 0) + 1;
    perDay.set(yymmdd, sequence);
    return {
      title: registered,
      number: `1.${yymmdd}.${String(sequence).padStart(3, '0')}`,
      date,
      kind: 'regular',
      until: null,
      ...status(date, random() < STRUCK_OFF),
    };
  };

  const regular = Array.from({ length: PEOPLE }, (): SamplePerson => {
    const [prefix, surname] = pick(SURNAMES);
    const first = title();
    let second: ArchitectTitle | null = null;
    if (random() < TWO_TITLES)
      do second = title();
      while (second === first);
    const registrations = [registration(first), ...(second ? [registration(second)] : [])].sort((a, b) =>
      a.date.localeCompare(b.date),
    );
    return { firstName: pick(FIRST_NAMES), prefix, surname, place: place(), registrations };
  });
  return [...regular, ...temporaryPeople(perDay)];
};

/**
 * The temporary service providers, drawn after everyone else from a generator of their own (the others
 * stay who they were); their numbers go on from the day's sequence (`perDay`).
 */
const temporaryPeople = (perDay: Map<string, number>): SamplePerson[] => {
  const random = seededRandom(2727);
  const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)]!;
  return Array.from({ length: TEMPORARY_PEOPLE }, (): SamplePerson => {
    const [place, firstNames, surnames] = pick(ABROAD);
    const [prefix, surname] = pick(surnames);
    let day: Date;
    do day = new Date(TEMPORARY_FROM + Math.floor(random() * ((LAST_DAY - TEMPORARY_FROM) / DAY_MS + 1)) * DAY_MS);
    while (day.getUTCDay() === 0 || day.getUTCDay() === 6);
    const yymmdd = `${two(day.getUTCFullYear() % 100)}${two(day.getUTCMonth() + 1)}${two(day.getUTCDate())}`;
    const sequence = (perDay.get(yymmdd) ?? 0) + 1;
    perDay.set(yymmdd, sequence);
    const end = new Date(day);
    end.setUTCMonth(end.getUTCMonth() + pick(TEMPORARY_MONTHS));
    end.setUTCDate(end.getUTCDate() - 1);
    const registration: Registration = {
      title: random() < 0.85 ? 'architect' : 'landscape-architect',
      number: `1.${yymmdd}.${String(sequence).padStart(3, '0')}`,
      date: isoDay(day.getTime()),
      kind: 'temporary',
      until: isoDay(end.getTime()),
      status: { kind: 'registered' },
      measures: [],
    };
    return { firstName: pick(firstNames), prefix, surname, place, registrations: [registration] };
  });
};
