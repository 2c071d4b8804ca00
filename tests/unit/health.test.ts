import { describe, expect, it } from 'vitest';
import { createHealth } from '../../server/lifecycle/health.ts';

describe('readiness', () => {
  it('goes from starting to ready to draining, and a shutdown begun while warming up stays a shutdown', () => {
    const health = createHealth();
    expect(health.readiness()).toBe('starting');
    health.markReady();
    expect(health.readiness()).toBe('ready');
    health.markDraining();
    expect(health.readiness()).toBe('draining');

    const early = createHealth();
    early.markDraining();
    early.markReady();
    expect(early.readiness()).toBe('draining');
  });
});
