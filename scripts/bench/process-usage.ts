import { readFileSync, writeFileSync } from 'node:fs';

// What a process has used so far, from Linux's /proc: CPU time and peak resident memory.

/** /proc reports CPU time in clock ticks of 1/100 s on Linux whatever the kernel's own rate. */
const TICKS_PER_SECOND = 100;

/** User plus system CPU time, in milliseconds. */
export const cpuMs = (pid: number): number => {
  // The fields after the command name (which may hold spaces) start at the state, field 3.
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
};

/** The peak resident memory since start or since the last `resetPeak`, in MB. */
export const peakRssMb = (pid: number): number => {
  const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Math.round(Number(match[1]) / 1024) : Number.NaN;
};

/** Starts a new peak at the current resident memory (Linux 4.0 and later); false where that is refused. */
export const resetPeak = (pid: number): boolean => {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
};
