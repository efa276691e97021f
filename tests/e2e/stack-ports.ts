/**
 * Where the browser tests' servers listen. Each Playwright worker has a stack of its own (the mock stack, the built
 * console under its production server, and nginx in front of them), so the workers never see each other's state:
 * worker N (its `TEST_PARALLEL_INDEX`) uses the stack at `E2E_PORT_OFFSET + N * STACK_PORT_STEP`. E2E_PORT_OFFSET
 * moves them all (for two suites side by side on one machine); E2E_WORKERS says how many workers, hence stacks.
 */
import path from 'node:path';

/** Ports between one worker's stack and the next. */
export const STACK_PORT_STEP = 10;

export const E2E_OFFSET = Number(process.env.E2E_PORT_OFFSET ?? 0);

/** Workers, and stacks: 2 by default, one a core of this machine; `E2E_WORKERS=1` runs the suite one test at a time. */
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 2));

export interface StackPorts {
  /** The built console under `vite preview` (the production preview: every security header, /api and /mqtt proxied). */
  console: number;
  api: number;
  prism: number;
  broker: number;
  /** The same build behind Debian's nginx with deploy/nginx/ (tests/e2e/nginx.spec.ts). */
  nginx: number;
}

export function stackPorts(index: number): StackPorts {
  const offset = E2E_OFFSET + index * STACK_PORT_STEP;
  return {
    console: 5183 + offset,
    api: 4510 + offset,
    prism: 4511 + offset,
    broker: 4512 + offset,
    nginx: 4514 + offset,
  };
}

/** The runner waits for this port: the stacks' process answers on it once every stack is up. */
export const READY_PORT = 4509 + E2E_OFFSET;

/**
 * The console the browser tests open: built once (`npm test` builds it for the size bench and hands it over in
 * E2E_DIST), else built by the stacks' process into a folder of its own per offset, so suites side by side never
 * rebuild it under each other's server. `vite build` writes `<dist>-nginx/` beside it (deploy/nginx/).
 */
export const E2E_DIST = path.resolve(process.env.E2E_DIST ?? `build/e2e-dist-${E2E_OFFSET}`);

/** The runtime folder of a stack's nginx: config.json, nginx.conf and the headers written at start, pid, temp files. */
export const nginxRuntime = (index: number): string =>
  path.resolve(`build/e2e-nginx-${E2E_OFFSET + index * STACK_PORT_STEP}`);

/** nginx, when installed (.ci/run installs Debian's): tests/e2e/nginx.spec.ts runs only then. */
export const NGINX_BINARY = process.env.NGINX_BINARY ?? '/usr/sbin/nginx';
