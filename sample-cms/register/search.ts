import { fold } from '../../src/common/fold.ts';
import type {
  Architect,
  ArchitectQuery,
  ArchitectTitle,
  Register,
  RegistrationKind,
} from '../../src/common/register-types.ts';
import { samplePeople } from './people.ts';
import type { SamplePerson } from './people.ts';

// The sample register searched in memory. Everything a query needs is prepared once: the people
// in alphabetical order (by surname without prefix, as registers are read) and, per person, one folded
// text holding every way a visitor may write them. A query is then one pass over 14,000 strings.

interface Indexed {
  architect: Architect;
  /** The folded name. */
  name: string;
  /** Folded: the name, the name without prefix and without spaces, the place, the numbers with and without dots. */
  haystack: string;
  place: string;
}

const collator = new Intl.Collator('nl', { sensitivity: 'base' });
const REGISTRATION_NUMBER = /^[\d.]+$/;
const RECENT_QUERIES = 500;

/** Struck-off and suspended registrations are public too: a visitor must see them as such. */
const publicArchitect = (person: SamplePerson): Architect => ({
  name: [person.firstName, person.prefix, person.surname].filter(Boolean).join(' '),
  place: person.place,
  registrations: person.registrations,
});

const haystack = (person: SamplePerson, architect: Architect): string => {
  const name = fold(architect.name);
  const numbers = architect.registrations.flatMap(({ number }) => [number, number.replaceAll('.', '')]);
  return [
    name,
    name.replaceAll(' ', ''),
    fold(`${person.firstName} ${person.surname}`),
    fold(person.place),
    ...numbers,
  ].join('\n');
};

/** The folded words of a search term; a registration number also without its dots. */
const searchWords = (term: string): string[] =>
  fold(term)
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => (REGISTRATION_NUMBER.test(word) && /\d/.test(word) ? word.replaceAll('.', '') : word));

/**
 * The people in the register's order, each with the folded texts a search reads; the places; and each
 * person by registration number.
 */
const buildIndex = (
  people: SamplePerson[],
): { index: Indexed[]; places: string[]; byNumber: Map<string, Architect> } => {
  const index: Indexed[] = people
    .map((person) => ({ person, architect: publicArchitect(person) }))
    .sort(
      (a, b) =>
        collator.compare(a.person.surname.replace(/^'t /, ''), b.person.surname.replace(/^'t /, '')) ||
        collator.compare(a.person.firstName, b.person.firstName) ||
        collator.compare(a.person.place, b.person.place),
    )
    .map(({ person, architect }) => ({
      architect,
      name: fold(architect.name),
      haystack: haystack(person, architect),
      place: fold(person.place),
    }));
  const byNumber = new Map(
    index.flatMap(({ architect }) => architect.registrations.map(({ number }) => [number, architect] as const)),
  );
  return {
    index,
    places: [...new Set(index.map((entry) => entry.architect.place))].sort(collator.compare),
    byNumber,
  };
};

/**
 * The register is made at its first search, not at start: a site with the register's API (or one that
 * nobody searches) never holds it, nor the some 20 MB of heap that making it takes for a moment and
 * that V8 keeps once grown. The first search waits about 0.3 s for it.
 */
export const createSampleRegister = (
  people: () => SamplePerson[] = samplePeople,
  /** The register's clock: every answer carries the moment it was given. */
  now: () => number = Date.now,
): Register => {
  let built: ReturnType<typeof buildIndex> | undefined;
  const moment = () => new Date(now()).toISOString();
  const made = () => (built ??= buildIndex(people()));

  const scan = (
    words: string[],
    title: ArchitectTitle | null,
    place: string | null,
    kind: RegistrationKind | null,
  ): Indexed[] => {
    const { index } = made();
    if (!words.length && !title && !place && !kind) return index;
    const phrase = words.join(' ');
    // People whose name holds the words as written come first: `van der Meer` before a
    // `van der Velde` from Haarlemmermeer. Each group keeps the alphabetical order.
    const asWritten: Indexed[] = [];
    const scattered: Indexed[] = [];
    for (const entry of index) {
      if (place && entry.place !== place) continue;
      if (title && !entry.architect.registrations.some((registration) => registration.title === title)) continue;
      if (kind && !entry.architect.registrations.some((registration) => registration.kind === kind)) continue;
      // Numbers are indexed without dots too, so `1.070515` and `1070515` find the same person.
      if (!words.every((word) => entry.haystack.includes(word))) continue;
      (entry.name.includes(phrase) ? asWritten : scattered).push(entry);
    }
    return asWritten.concat(scattered);
  };

  // The register does not change while the process runs, so the matches of recent questions are kept:
  // paging through results, and the popular names, cost one scan. Least recently used out first.
  const recent = new Map<string, Indexed[]>();
  const matching = (
    words: string[],
    title: ArchitectTitle | null,
    place: string | null,
    kind: RegistrationKind | null,
  ): Indexed[] => {
    const key = JSON.stringify([words, title, place, kind]);
    const known = recent.get(key) ?? scan(words, title, place, kind);
    recent.delete(key);
    recent.set(key, known);
    if (recent.size > RECENT_QUERIES) recent.delete(recent.keys().next().value!);
    return known;
  };

  return {
    async search({ searchTerm, title, place, kind, page, perPage }: ArchitectQuery) {
      const matches = matching(searchWords(searchTerm), title, place ? fold(place) : null, kind);
      const data = matches.slice((page - 1) * perPage, page * perPage).map((entry) => entry.architect);
      return { data, meta: { total: matches.length, page, perPage, retrievedAt: moment() } };
    },
    places: async () => made().places,
    async get(number: string) {
      const architect = made().byNumber.get(number);
      return architect ? { architect, retrievedAt: moment() } : null;
    },
  };
};
