import { createHash } from 'node:crypto';

// Deterministic identifiers, so ids stay the same across restarts and replicas (links, caches, tests).

const sha1 = (name: string): string => createHash('sha1').update(name).digest('hex');

/** A UUID (version 5 layout) derived from a name, like the UUIDs Statamic gives entries. */
export const stableUuid = (name: string): string => {
  const h = sha1(`architectenregister:${name}`);
  const variant = ((Number.parseInt(h.charAt(16), 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
};

/** An 8-character row id, like the ids Statamic gives replicator sets and grid rows. */
export const rowId = (name: string): string =>
  BigInt(`0x${sha1(name).slice(0, 12)}`)
    .toString(36)
    .padStart(8, '0')
    .slice(-8);

/** A Statamic date value: ISO-8601 in UTC with microseconds, e.g. `2026-05-01T09:00:00.000000Z`. */
export const isoDate = (day: string, time = '00:00'): string => `${day}T${time}:00.000000Z`;
