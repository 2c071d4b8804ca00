import { readRegistrationNumber } from '../../common/registration-number.ts';
import type { Architect, Register } from '../../common/register-types.ts';

// What a registration page's address leads to, settled before the page is sent: its status depends on it.

export type RegistrationLookup =
  | { kind: 'found'; number: string; architect: Architect; retrievedAt: string }
  /** Not in the register, or not a number's shape at all: both a 404. */
  | { kind: 'unknown'; number: string }
  /** Typed without its dots: the page is at the dotted number. */
  | { kind: 'undotted'; number: string }
  | { kind: 'failed'; number: string; error: unknown };

export const lookUpRegistration = async (register: Register, typed: string): Promise<RegistrationLookup> => {
  const reading = readRegistrationNumber(typed);
  if (reading.kind === 'malformed') return { kind: 'unknown', number: typed };
  if (reading.kind === 'undotted') return { kind: 'undotted', number: reading.number };
  try {
    const found = await register.get(reading.number);
    return found ? { kind: 'found', number: reading.number, ...found } : { kind: 'unknown', number: typed };
  } catch (error) {
    return { kind: 'failed', number: reading.number, error };
  }
};
