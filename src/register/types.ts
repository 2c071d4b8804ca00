// The register of architects as the site reads it: one shape for the embedded sample register and for
// the register's own API (README: Register API), so the page and `/api/architects` need not know which.

/** The four titles of the Architects' Title Act, as URL values; their labels are in the message catalogs. */
export const ARCHITECT_TITLES = ['architect', 'interior-architect', 'urban-planner', 'landscape-architect'] as const;
export type ArchitectTitle = (typeof ARCHITECT_TITLES)[number];

export interface Registration {
  title: ArchitectTitle;
  /** Like `1.070515.028`. */
  number: string;
  /** ISO date, `YYYY-MM-DD`. */
  date: string;
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
  /** From 1. */
  page: number;
  perPage: number;
}

export interface ArchitectResults {
  data: Architect[];
  meta: { total: number; page: number; perPage: number };
}

export interface Register {
  search(query: ArchitectQuery): Promise<ArchitectResults>;
  /** The places registered architects live in, for the place filter; empty when the register cannot say. */
  places(): Promise<string[]>;
}
