/**
 * `vite build` also writes what serving the console behind nginx needs, next to its output: `<outDir>-nginx/` (so
 * `dist-nginx/` beside `dist/`) with `configure.mjs` (deploy/nginx/configure.ts and the modules it uses, in one file
 * that needs nothing but node) and `start.sh`. The web root itself stays static files only.
 */
import { chmodSync, copyFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin, type ResolvedConfig } from 'vite';

const HERE = path.dirname(fileURLToPath(import.meta.url));

/** The deployment folder of a build output folder. */
export const nginxDeployDir = (outDir: string): string => `${outDir.replace(/[\\/]+$/, '')}-nginx`;

export function nginxDeployPlugin(): Plugin {
  let resolved: ResolvedConfig;
  return {
    name: 'nginx-deploy',
    apply: 'build',
    configResolved(config) {
      resolved = config;
    },
    async closeBundle(error) {
      if (error || resolved.build.ssr) return;
      const outDir = nginxDeployDir(path.resolve(resolved.root, resolved.build.outDir));
      await build({
        configFile: false,
        root: resolved.root,
        logLevel: 'warn',
        publicDir: false,
        ssr: { noExternal: true, target: 'node' },
        build: {
          ssr: path.join(HERE, 'configure.ts'),
          outDir,
          emptyOutDir: true,
          minify: false,
          target: 'node20',
          rolldownOptions: { output: { entryFileNames: 'configure.mjs', codeSplitting: false } },
        },
      });
      copyFileSync(path.join(HERE, 'start.sh'), path.join(outDir, 'start.sh'));
      chmodSync(path.join(outDir, 'start.sh'), 0o755);
    },
  };
}
