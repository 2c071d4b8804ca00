import { Router } from 'express';

type Readiness = 'starting' | 'ready' | 'draining';

/**
 * `/livez` (Kubernetes' name, for the liveness probe) and `/healthz` (the image's HEALTHCHECK and the
 * start-up probe): the process is alive and its event loop answers, draining or not, so that a pod
 * that drains is never restarted for it. `/readyz`: it should get traffic; 503 before it listens and
 * from the moment it starts shutting down, so that load balancers stop sending before it closes.
 */
export const createHealth = () => {
  let readiness: Readiness = 'starting';
  const router = Router();
  for (const path of ['/livez', '/healthz'])
    router.get(path, (_req, res) => {
      res.set('Cache-Control', 'no-store').json({ status: 'ok' });
    });
  router.get('/readyz', (_req, res) => {
    res
      .status(readiness === 'ready' ? 200 : 503)
      .set('Cache-Control', 'no-store')
      .json({ status: readiness });
  });
  return {
    router,
    readiness: () => readiness,
    /** Once started (the warm-up done): a shutdown that began meanwhile is not undone. */
    markReady: () => {
      if (readiness === 'starting') readiness = 'ready';
    },
    markDraining: () => {
      readiness = 'draining';
    },
  };
};

export type Health = ReturnType<typeof createHealth>;
