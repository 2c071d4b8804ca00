import { fold } from '../../src/search/fold.ts';
import { samplePeople } from './sample-register.ts';
import type { SamplePerson } from './sample-register.ts';
import type { Architect, ArchitectQuery, Register } from './types.ts';

// The sample register searched in memory. Everything a query needs is prepared once: the public people
// in alphabetical order (by surname without prefix, as registers are read) and, per person, one folded
// text holding every way a visitor may write them. A query is then one pass over 14,000 strings.

interface Indexed {
  architect: Architect;
  /** Folded: the name, the name without prefix and without spaces, the place, the numbers with and without dots. */
  haystack: string;
  place: string;
}

const collator = new Intl.Collator('nl', { sensitivity: 'base' });
const REGISTRATION_NUMBER = /^[\d.]+$/;

/** Only current registrations are public; someone without one is not in the public register. */
const publicArchitect = (person: SamplePerson): Architect | null => {
  const registrations = person.registrations.filter((registration) => registration.current).map(({ title, number, date }) => ({ title, number, date }));
  if (!registrations.length) return null;
  const name = [person.firstName, person.prefix, person.surname].filter(Boolean).join(' ');
  return { name, place: person.place, registrations };
};

const haystack = (person: SamplePerson, architect: Architect): string => {
  const name = fold(architect.name);
  const numbers = architect.registrations.flatMap(({ number }) => [number, number.replaceAll('.', '')]);
  return [name, name.replaceAll(' ', ''), fold(`${person.firstName} ${person.surname}`), fold(person.place), ...numbers].join('\n');
};

/** The folded words of a search term; a registration number also without its dots. */
const searchWords = (term: string): string[] =>
  fold(term)
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => (REGISTRATION_NUMBER.test(word) && /\d/.test(word) ? word.replaceAll('.', '') : word));

export const createEmbeddedRegister = (people: SamplePerson[] = samplePeople()): Register => {
  const index: Indexed[] = people
    .map((person) => ({ person, architect: publicArchitect(person) }))
    .filter((entry): entry is { person: SamplePerson; architect: Architect } => entry.architect !== null)
    .sort(
      (a, b) =>
        collator.compare(a.person.surname.replace(/^'t /, ''), b.person.surname.replace(/^'t /, '')) ||
        collator.compare(a.person.firstName, b.person.firstName) ||
        collator.compare(a.person.place, b.person.place),
    )
    .map(({ person, architect }) => ({ architect, haystack: haystack(person, architect), place: fold(person.place) }));
  const places = [...new Set(index.map((entry) => entry.architect.place))].sort(collator.compare);

  return {
    async search({ searchTerm, title, place, page, perPage }: ArchitectQuery) {
      const words = searchWords(searchTerm);
      const foldedPlace = place ? fold(place) : null;
      const matches = index.filter(
        (entry) =>
          (!foldedPlace || entry.place === foldedPlace) &&
          (!title || entry.architect.registrations.some((registration) => registration.title === title)) &&
          // Numbers are indexed without dots too, so `1.070515` and `1070515` find the same person.
          words.every((word) => entry.haystack.includes(word)),
      );
      const data = matches.slice((page - 1) * perPage, page * perPage).map((entry) => entry.architect);
      return { data, meta: { total: matches.length, page, perPage } };
    },
    places: async () => places,
  };
};
