import { describe, expect, it } from 'vitest';
import { createSampleRegister } from '../../sample-cms/register/search.ts';
import { parseArchitectQuery } from '../../src/common/register-query.ts';
import { samplePeople } from '../../sample-cms/register/people.ts';
import type { ArchitectQuery, Registration } from '../../src/common/register-types.ts';

// The sample register: its data, its search, and the query both search routes read.

const people = samplePeople();
const register = createSampleRegister(() => people);
const query = (overrides: Partial<ArchitectQuery>): ArchitectQuery => ({
  searchTerm: '',
  title: null,
  place: null,
  kind: null,
  page: 1,
  perPage: 20,
  ...overrides,
});
const search = (overrides: Partial<ArchitectQuery>) => register.search(query(overrides));
const names = async (overrides: Partial<ArchitectQuery>) =>
  (await search({ perPage: 50, ...overrides })).data.map((architect) => architect.name);

describe('the sample register', () => {
  const registrations = people.flatMap((person) => person.registrations);

  it('is the same on every start and about 14,000 registrations large', () => {
    expect(samplePeople()).toEqual(people);
    expect(registrations.length).toBeGreaterThan(13_500);
    expect(registrations.length).toBeLessThan(14_500);
  });

  it('has the four titles in their proportions, and people with two', () => {
    const share = (title: string) =>
      (100 * registrations.filter((registration) => registration.title === title).length) / registrations.length;
    expect(Math.abs(share('architect') - 75)).toBeLessThan(1);
    expect(Math.abs(share('interior-architect') - 13)).toBeLessThan(1);
    expect(Math.abs(share('urban-planner') - 6)).toBeLessThan(1);
    expect(Math.abs(share('landscape-architect') - 5)).toBeLessThan(1);
    expect(people.filter((person) => person.registrations.length === 2).length).toBeGreaterThan(200);
  });

  it('numbers registrations by their day, uniquely, from 1988 on', () => {
    const numbers = registrations.map((registration) => registration.number);
    expect(new Set(numbers).size).toBe(numbers.length);
    for (const { number, date } of registrations) {
      expect(number).toMatch(/^1\.\d{6}\.\d{3}$/);
      expect(number.slice(2, 8)).toBe(date.slice(2).replaceAll('-', ''));
      expect(date >= '1988-01-01').toBe(true);
    }
  });
});

describe('the statuses in the sample register', () => {
  const registrations = people.flatMap((person) => person.registrations);
  const percent = (count: number) => (100 * count) / registrations.length;
  const withStatus = <K extends Registration['status']['kind']>(kind: K) =>
    registrations.flatMap(({ status }) =>
      status.kind === kind ? [status as Extract<Registration['status'], { kind: K }>] : [],
    );

  it('strikes off about 6 %, mostly on request, some not re-registered, rarely by a measure', () => {
    const struck = withStatus('struck-off');
    expect(percent(struck.length)).toBeGreaterThan(4);
    expect(percent(struck.length)).toBeLessThan(7);
    const ground = (name: string) => struck.filter((status) => status.ground === name).length / struck.length;
    expect(ground('request')).toBeGreaterThan(0.6);
    expect(ground('not-re-registered')).toBeGreaterThan(0.15);
    expect(ground('not-re-registered')).toBeLessThan(ground('request'));
    expect(ground('measure')).toBeGreaterThan(0);
    expect(ground('measure')).toBeLessThan(0.1);
  });

  it('suspends a few tenths of a percent until a date after the last registration, with the suspension in force', () => {
    const suspended = registrations.filter(({ status }) => status.kind === 'suspended');
    expect(percent(suspended.length)).toBeGreaterThan(0.1);
    expect(percent(suspended.length)).toBeLessThan(0.6);
    for (const { status, measures } of suspended)
      expect(measures).toEqual([
        { kind: 'suspension', from: expect.any(String), until: (status as { until: string }).until },
      ]);
  });

  it('has measures in force for 0.5 to 1 %, with dates in order, of the kinds the Act knows', () => {
    const measured = registrations.filter(({ measures }) => measures.length > 0);
    expect(percent(measured.length)).toBeGreaterThan(0.5);
    expect(percent(measured.length)).toBeLessThan(1);
    const kinds = new Set(measured.flatMap(({ measures }) => measures.map(({ kind }) => kind)));
    expect([...kinds].sort()).toEqual(['fine', 'reprimand', 'striking-off', 'suspension', 'warning']);
    for (const { date, measures } of measured)
      for (const { from, until } of measures) {
        expect(from >= date).toBe(true);
        expect(until === null || until > from).toBe(true);
      }
  });

  it('dates every status as an ISO day after the registration', () => {
    for (const { date, status } of registrations) {
      if (status.kind === 'struck-off') expect(status.date >= date).toBe(true);
      if (status.kind === 'suspended') expect(status.until > date).toBe(true);
      for (const day of status.kind === 'registered' ? [] : [status.kind === 'suspended' ? status.until : status.date])
        expect(day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
  });
});

describe('searching the register', () => {
  it('is made at the first search or list of places, once', async () => {
    let made = 0;
    const lazy = createSampleRegister(() => {
      made += 1;
      return people;
    });
    expect(made).toBe(0);
    expect((await lazy.places()).length).toBeGreaterThan(10);
    expect((await lazy.search(query({ searchTerm: 'jansen' }))).meta.total).toBeGreaterThan(0);
    expect(made).toBe(1);
  });

  it('finds names without regard to case or accents, both ways', async () => {
    for (const term of ['Dúdok', 'DUDOK', 'dudok']) expect((await names({ searchTerm: term }))[0]).toMatch(/ Dudok$/);
    for (const term of ['Gehrÿ', 'GEHRY']) expect((await names({ searchTerm: term }))[0]).toMatch(/ Gehry$/);
    expect((await names({ searchTerm: 'muller' }))[0]).toMatch(/ Müller$/);
    expect((await search({ searchTerm: 'Dúdok' })).meta.total).toBe((await search({ searchTerm: 'dudok' })).meta.total);
  });

  it('finds a name with or without its prefix, and parts of words', async () => {
    const withPrefix = await names({ searchTerm: 'van der Meer' });
    const meers = withPrefix.filter((name) => name.endsWith(' van der Meer'));
    expect(meers.length).toBeGreaterThan(0);
    // The name as written comes first, then people who merely have all the words.
    expect(withPrefix.slice(0, meers.length)).toEqual(meers);
    expect(await names({ searchTerm: 'vandermeer' })).toEqual(meers);
    expect((await names({ searchTerm: 'Meer' })).some((name) => name.endsWith('van der Meer'))).toBe(true);
    expect((await names({ searchTerm: 'hertzb' })).every((name) => name.endsWith('Hertzberger'))).toBe(true);
  });

  it('finds one person by registration number, with or without dots', async () => {
    const [someone] = (await search({ searchTerm: 'Koolhaas' })).data;
    const number = someone!.registrations[0]!.number;
    for (const term of [number, number.replaceAll('.', '')]) {
      const { data } = await search({ searchTerm: term });
      expect(data).toEqual([someone]);
    }
  });

  it('finds people by place in the text, and filters by title and place', async () => {
    const inText = await search({ searchTerm: 'hilversum', perPage: 50 });
    expect(inText.data.every((architect) => architect.place === 'Hilversum')).toBe(true);
    const filtered = await search({ searchTerm: 'de', title: 'urban-planner', place: 'Utrecht', perPage: 50 });
    expect(filtered.meta.total).toBeGreaterThan(0);
    for (const architect of filtered.data) {
      expect(architect.place).toBe('Utrecht');
      expect(architect.registrations.map((registration) => registration.title)).toContain('urban-planner');
    }
    expect((await search({ place: 'utrecht' })).meta.total).toBe((await search({ place: 'Utrecht' })).meta.total);
  });

  it('finds struck-off and suspended people, shown as such, and everyone in the register', async () => {
    for (const kind of ['struck-off', 'suspended'] as const) {
      const person = people.find((candidate) => candidate.registrations.some(({ status }) => status.kind === kind))!;
      const registration = person.registrations.find(({ status }) => status.kind === kind)!;
      const { data } = await search({ searchTerm: registration.number });
      expect(data).toHaveLength(1);
      expect(data[0]!.registrations).toContainEqual(registration);
    }
    expect((await search({})).meta.total).toBe(people.length);
  });

  it('holds a few dozen temporary service providers, each with an end date, some of them already past', async () => {
    const registrations = people.flatMap((person) => person.registrations);
    const temporary = registrations.filter((registration) => registration.kind === 'temporary');
    expect(temporary.length).toBeGreaterThanOrEqual(20);
    expect(temporary.length).toBeLessThanOrEqual(60);
    for (const { date, until } of temporary) expect(until! > date).toBe(true);
    expect(registrations.filter(({ kind, until }) => kind === 'regular' && until === null)).toHaveLength(
      registrations.length - temporary.length,
    );
    // Past the sample's last registration day (2026-06-30) some have ended, others run on.
    expect(temporary.some(({ until }) => until! < '2026-06-30')).toBe(true);
    expect(temporary.some(({ until }) => until! > '2026-12-31')).toBe(true);

    const found = await search({ kind: 'temporary', perPage: 50 });
    expect(found.meta.total).toBe(temporary.length);
    expect(found.data.every((architect) => architect.registrations.some(({ kind }) => kind === 'temporary'))).toBe(
      true,
    );
    expect((await search({ kind: 'regular' })).meta.total).toBe(people.length - temporary.length);
  });

  it('gives with every answer the moment it gave it', async () => {
    const clocked = createSampleRegister(
      () => people,
      () => Date.UTC(2026, 11, 6, 14, 30),
    );
    expect((await clocked.search(query({ searchTerm: 'vos' }))).meta.retrievedAt).toBe('2026-12-06T14:30:00.000Z');
    expect((await clocked.get(people[0]!.registrations[0]!.number))?.retrievedAt).toBe('2026-12-06T14:30:00.000Z');
  });

  it('looks a person up by registration number, null for a number not in the register', async () => {
    const person = people.find((candidate) => candidate.registrations.length === 2)!;
    for (const { number } of person.registrations) {
      const found = await register.get(number);
      expect(found?.architect.registrations).toEqual(person.registrations);
      expect(found?.architect.place).toBe(person.place);
    }
    expect(await register.get('9.999999.999')).toBeNull();
    expect(await register.get(person.registrations[0]!.number.replaceAll('.', ''))).toBeNull();
  });

  it('pages through an alphabetical list', async () => {
    const first = await search({ searchTerm: 'de', perPage: 10 });
    const second = await search({ searchTerm: 'de', perPage: 10, page: 2 });
    const both = await search({ searchTerm: 'de', perPage: 20 });
    expect([...first.data, ...second.data]).toEqual(both.data);
    expect(second.meta).toMatchObject({ total: first.meta.total, page: 2, perPage: 10 });
    expect((await search({ searchTerm: 'de', page: 10_000 })).data).toEqual([]);
  });

  it('lists the places for the filter in Dutch order', async () => {
    const places = await register.places();
    expect(places[0]).toBe("'s-Gravenhage");
    expect(places).toContain('Súdwest-Fryslân');
    expect(new Set(places).size).toBe(places.length);
  });
});

describe('the architect query', () => {
  const parse = (search: string, mode: 'strict' | 'lenient' = 'strict') =>
    parseArchitectQuery(new URLSearchParams(search), mode);

  it('has defaults and reads every parameter', () => {
    expect(parse('')).toEqual({ ok: true, query: query({}) });
    expect(parse('searchTerm=%20Dudok%20&title=architect&place=Delft&page=3&perPage=50')).toEqual({
      ok: true,
      query: query({ searchTerm: 'Dudok', title: 'architect', place: 'Delft', page: 3, perPage: 50 }),
    });
    expect(parse('searchTerm=&title=&place=&page=')).toEqual({ ok: true, query: query({}) });
    expect(parse('kind=temporary')).toEqual({ ok: true, query: query({ kind: 'temporary' }) });
    expect(parse('kind=permanent')).toEqual({ ok: false, message: 'kind must be one of regular, temporary' });
  });

  it('refuses malformed values with a message naming the parameter', () => {
    expect(parse('page=-1')).toEqual({ ok: false, message: 'page must be a whole number from 1 to 10000' });
    expect(parse('page=abc')).toEqual({ ok: false, message: 'page must be a whole number from 1 to 10000' });
    expect(parse('perPage=100000')).toEqual({ ok: false, message: 'perPage must be a whole number from 1 to 50' });
    expect(parse(`searchTerm=${'a'.repeat(10_240)}`)).toEqual({
      ok: false,
      message: 'searchTerm must be at most 200 characters',
    });
    expect(parse('title=painter')).toMatchObject({
      ok: false,
      message: expect.stringContaining('title must be one of'),
    });
    expect(parse('searchTerm=a&searchTerm=b')).toEqual({ ok: false, message: 'searchTerm may be given only once' });
  });

  it('refuses unknown parameters in strict mode only', () => {
    expect(parse('q=x')).toEqual({ ok: false, message: 'Unknown parameter: q' });
    expect(parse('searchTerm=x&_rsc=abc&utm_source=news', 'lenient')).toEqual({
      ok: true,
      query: query({ searchTerm: 'x' }),
    });
  });
});
