// The shape of a registration number: a digit, the registration day (`YYMMDD`) and a sequence number,
// `1.070515.028`. Typed without its dots it is the same number.

/** The dotted form, as the register writes it (also the pattern of /api/openapi.json). */
export const DOTTED = /^\d\.\d{6}\.\d{3}$/;
const UNDOTTED = /^\d{10}$/;

export type RegistrationNumberReading =
  { kind: 'dotted'; number: string } | { kind: 'undotted'; number: string } | { kind: 'malformed' };

/** Reads a number as typed; `number` is always the dotted form. */
export const readRegistrationNumber = (text: string): RegistrationNumberReading => {
  if (DOTTED.test(text)) return { kind: 'dotted', number: text };
  if (UNDOTTED.test(text)) return { kind: 'undotted', number: `${text[0]}.${text.slice(1, 7)}.${text.slice(7)}` };
  return { kind: 'malformed' };
};
