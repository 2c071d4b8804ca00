import { image } from './assets.ts';
import { isoDate } from './ids.ts';
import { L } from './model.ts';
import type { Bilingual, EntrySeed } from './model.ts';
import { BOTH_SITES, entrySeed, slugify } from './seed.ts';

// Employees of the office, shown by the `team` component. Names are invented; the order is the team order.

interface EmployeeLine {
  name: string;
  email: string;
  function: Bilingual<string>;
}

const LINES: readonly EmployeeLine[] = [
  { name: 'Marieke van der Berg', email: 'm.vanderberg', function: L('Directeur', 'Director') },
  { name: 'Joost Hendriks', email: 'j.hendriks', function: L('Hoofd registratie', 'Head of registration') },
  { name: 'Fatima El Idrissi', email: 'f.elidrissi', function: L('Senior beleidsmedewerker', 'Senior policy officer') },
  { name: 'Pieter de Wit', email: 'p.dewit', function: L('Jurist', 'Legal counsel') },
  { name: 'Anouk Visser', email: 'a.visser', function: L('Registratiemedewerker', 'Registration officer') },
  { name: 'Daan Mulder', email: 'd.mulder', function: L('Registratiemedewerker', 'Registration officer') },
  {
    name: 'Sanne Bakker',
    email: 's.bakker',
    function: L('Coördinator beroepservaringsperiode', 'Professional experience period coordinator'),
  },
  { name: 'Ruben Janssen', email: 'r.janssen', function: L('Informatieanalist', 'Information analyst') },
  { name: 'Lotte Smit', email: 'l.smit', function: L('Communicatieadviseur', 'Communications adviser') },
  { name: 'Mehmet Yılmaz', email: 'm.yilmaz', function: L('Medewerker klantcontact', 'Customer contact officer') },
  {
    name: 'Eva de Graaf',
    email: 'e.degraaf',
    function: L('Secretaris examencommissie', 'Secretary of the examination committee'),
  },
  { name: 'Thomas Vermeulen', email: 't.vermeulen', function: L('Financieel medewerker', 'Finance officer') },
  { name: 'Noor Hoekstra', email: 'n.hoekstra', function: L('Medewerker erkenningen', 'Recognitions officer') },
  { name: 'Bram Kuipers', email: 'b.kuipers', function: L('Functioneel beheerder', 'Application manager') },
  { name: 'Iris Dekker', email: 'i.dekker', function: L('Managementassistent', 'Management assistant') },
];

const employee = (line: EmployeeLine, index: number, published = true): EntrySeed =>
  entrySeed({
    key: `employees/${slugify(line.name)}`,
    collection: 'employees',
    slug: slugify(line.name),
    sites: BOTH_SITES,
    published,
    date: null,
    order: index + 1,
    updatedAt: isoDate('2026-09-01', '08:30'),
    data: {
      title: line.name,
      name: line.name,
      function: line.function,
      photo: image(`team/${slugify(line.name)}`, L(`Portret van ${line.name}`, `Portrait of ${line.name}`)),
      email: `${line.email}@architectenregister.nl`,
      phone: '+31 70 123 45 67',
    },
  });

const DRAFT: EmployeeLine = { name: 'Nieuwe Collega', email: 'nieuwe.collega', function: L('Stagiair', 'Intern') };

export const EMPLOYEE_SEEDS: readonly EntrySeed[] = [
  ...LINES.map((line, index) => employee(line, index)),
  employee(DRAFT, LINES.length, false),
];
