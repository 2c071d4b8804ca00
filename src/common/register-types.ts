// The register of architects as the site reads it: one shape for the embedded sample register and for
// the register's own API (docs/register-api.md), so the page and `/api/architects` need not know which.

/** The four titles of the Architects' Title Act, as URL values; their labels are in the message catalogs. */
export const ARCHITECT_TITLES = ['architect', 'interior-architect', 'urban-planner', 'landscape-architect'] as const;
export type ArchitectTitle = (typeof ARCHITECT_TITLES)[number];

/** Why a registration was struck off: at the person's request, re-registration requirements not met, a measure. */
export const STRIKE_OFF_GROUNDS = ['request', 'not-re-registered', 'measure'] as const;
export type StrikeOffGround = (typeof STRIKE_OFF_GROUNDS)[number];

/**
 * The disciplinary measures of the Act: waarschuwing, berisping, geldboete, schorsing, doorhaling.
 */
export const MEASURE_KINDS = ['warning', 'reprimand', 'fine', 'suspension', 'striking-off'] as const;
export type MeasureKind = (typeof MEASURE_KINDS)[number];

/**
 * A regular registration, or a temporary one: a service provider established in another EU state, entered
 * for the duration of a service (Wet op de architectentitel, art. 27b) until its end date.
 */
export const REGISTRATION_KINDS = ['regular', 'temporary'] as const;
export type RegistrationKind = (typeof REGISTRATION_KINDS)[number];

/** Dates are ISO days, `YYYY-MM-DD`. */
export type RegistrationStatus =
  | { kind: 'registered' }
  /** A temporary registration past its end date (`date`, its last day): no longer in the register. */
  | { kind: 'ended'; date: string }
  | { kind: 'suspended'; until: string }
  /** `ground` is null when the register names one the site does not know. */
  | { kind: 'struck-off'; date: string; ground: StrikeOffGround | null };

export interface Measure {
  kind: MeasureKind;
  from: string;
  /** Null when the measure has no end. */
  until: string | null;
}

export interface Registration {
  title: ArchitectTitle;
  /** Like `1.070515.028`. */
  number: string;
  /** ISO date, `YYYY-MM-DD`. */
  date: string;
  kind: RegistrationKind;
  /** The last day of a temporary registration; null for a regular one. */
  until: string | null;
  status: RegistrationStatus;
  /** Disciplinary measures in force. */
  measures: Measure[];
}

export interface Architect {
  name: string;
  place: string;
  registrations: Registration[];
}

export interface ArchitectQuery {
  /** Free text over name, registration number and place; empty for all. */
  searchTerm: string;
  title: ArchitectTitle | null;
  place: string | null;
  kind: RegistrationKind | null;
  /** From 1. */
  page: number;
  perPage: number;
}

export interface ArchitectResults {
  data: Architect[];
  /** `retrievedAt`: the moment the register gave the answer, ISO 8601 with offset. */
  meta: { total: number; page: number; perPage: number; retrievedAt: string };
}

/** The person holding a registration, and the moment the register said so. */
interface RegistrationAnswer {
  architect: Architect;
  retrievedAt: string;
}

export interface Register {
  search(query: ArchitectQuery): Promise<ArchitectResults>;
  /** The person holding the registration with this (dotted) number, or null when the register has none. */
  get(number: string): Promise<RegistrationAnswer | null>;
  /** The places registered architects live in, for the place filter; empty when the register cannot say. */
  places(): Promise<string[]>;
}
