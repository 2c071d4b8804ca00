import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from '../site.ts';
import { PROCESS_DIR } from '../processes.ts';
import { PODMAN_GLOBAL_OPTIONS, PODMAN_PATH, podman, podmanEnv, podmanStreams, runLogged } from './podman.ts';

// compose.yaml run by podman-compose as an operator runs it (`up`, `down`), under a project name of its
// own, with the images and host ports given by its settings (SITE_IMAGE, PROXY_PORT...).

export const PODMAN_COMPOSE_PATH = process.env.PODMAN_COMPOSE_PATH ?? '/usr/bin/podman-compose';

export interface ComposeProject {
  project: string;
  up(): Promise<void>;
  /** Stops and removes the containers, the network and the volumes (it runs after failures too). */
  down(): Promise<void>;
  /** The names of the running containers of `service`, in their order (`<project>_<service>_<n>`). */
  containers(service: string): Promise<string[]>;
  /** What `path` answers inside a container, asked on its own loopback (a replica has no host port). */
  fetchInside(container: string, port: number, path: string): Promise<{ status: number; body: string }>;
}

export const composeProject = (settings: Record<string, string>): ComposeProject => {
  const project = `architectenregister-test-${process.pid}`;
  const env = { ...podmanEnv(), ...settings };
  const compose = (args: string[], name: string) =>
    runLogged(
      PODMAN_COMPOSE_PATH,
      [
        `--podman-path=${PODMAN_PATH}`,
        ...PODMAN_GLOBAL_OPTIONS.map((option) => `--podman-args=${option}`),
        '--project-name',
        project,
        '--file',
        path.join(ROOT, 'compose.yaml'),
        ...args,
      ],
      name,
      env,
    );
  return {
    project,
    up: () => compose(['up', '--detach', '--no-build'], 'compose-up'),
    down: async () => {
      // Each container's output kept beside the tests' process logs, to read after a failure.
      const all = (
        await podman([
          'ps',
          '--all',
          '--format',
          '{{.Names}}',
          '--filter',
          `label=io.podman.compose.project=${project}`,
        ])
      )
        .split('\n')
        .filter(Boolean);
      for (const container of all) {
        const { stdout, stderr } = await podmanStreams(['logs', container]).catch(() => ({ stdout: '', stderr: '' }));
        writeFileSync(path.join(PROCESS_DIR, `${container}.log`), stdout + stderr);
      }
      await compose(['down', '--volumes', '--timeout', '5'], 'compose-down').catch(() => undefined);
      const left = (await podman(['ps', '--all', '--quiet', '--filter', `label=io.podman.compose.project=${project}`]))
        .split('\n')
        .filter(Boolean);
      if (left.length > 0) await podman(['rm', '--force', ...left]);
      await podman(['network', 'rm', '--force', `${project}_default`]).catch(() => undefined);
      await podman(['volume', 'prune', '--force', '--filter', `label=io.podman.compose.project=${project}`]);
    },
    containers: async (service) =>
      (
        await podman([
          'ps',
          '--filter',
          `label=io.podman.compose.project=${project}`,
          '--filter',
          `label=com.docker.compose.service=${service}`,
          '--format',
          '{{.Names}}',
        ])
      )
        .split('\n')
        .filter(Boolean)
        .sort(),
    fetchInside: async (container, port, pathAndQuery) =>
      JSON.parse(
        await podman([
          'exec',
          container,
          'node',
          '-e',
          `fetch('http://127.0.0.1:${port}${pathAndQuery}').then(async (r) => process.stdout.write(JSON.stringify({ status: r.status, body: await r.text() })))`,
        ]),
      ) as { status: number; body: string },
  };
};
