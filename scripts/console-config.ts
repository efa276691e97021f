/**
 * The console's configuration for local use: `npm start`, `npm run dev` and `npm run preview` serve it as
 * /config.json (see vite.config.ts); it is never written into dist/. CONSOLE_CONFIG names a config.json file to
 * serve instead (for example one pointing at a real backend), checked as the console checks it; without it, the
 * mock stack's own (mocks/console-config.ts).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DEVELOPMENT_CONFIG } from '../mocks/console-config.ts';
import { parseConfig, type ConsoleConfig } from '../src/lib/config/config.ts';

/** The configuration to serve locally: the CONSOLE_CONFIG file (checked like the console checks it) or the mock's. */
export function localConsoleConfig(file = process.env.CONSOLE_CONFIG): ConsoleConfig {
  if (!file) return DEVELOPMENT_CONFIG;
  return parseConfig(JSON.parse(readFileSync(path.resolve(file), 'utf8')));
}
