/**
 * Which folders of the file store each document browser shows, and the paths around a folder.
 *
 * The store's root lists folders; each becomes a tab. The rule (the contract's example root holds
 * `Kullanim Kilavuzlari` and `Firmware`): the firmware files page (/Help/Updates, administrators) shows the root
 * folder named `Firmware` (any letter case), and the help page (/Help/List, everyone) every other root folder. A
 * `?path=` under the other page's folders is not shown (the page opens its first tab); a path under a folder the
 * root does not list is asked for, so the store says what is wrong with it.
 */
import type { Document } from '@generated/api/types.gen.ts';
import type { paths } from '../../lib/routing/paths.ts';

export type DocumentArea = 'help' | 'firmware';

/** The document browsers' own paths, where a folder's link goes with `?path=`. */
export type DocumentPagePath = typeof paths.help | typeof paths.firmware;

export const FIRMWARE_FOLDER = 'Firmware';

const isFirmwareFolder = (name: string): boolean => name.toLocaleLowerCase('en') === FIRMWARE_FOLDER.toLowerCase();

/** The names of a path's folders (`/A/B` → `['A', 'B']`; `/` → `[]`). */
export const pathParts = (path: string): string[] => path.split('/').filter(Boolean);

/** Whether a root folder (by name) is one of the area's tabs. */
export const isAreaRoot = (area: DocumentArea, name: string): boolean =>
  area === 'firmware' ? isFirmwareFolder(name) : !isFirmwareFolder(name);

/** The area's tabs among the root's entries (folders only, in the store's order). */
export const areaRoots = (area: DocumentArea, entries: readonly Document[]): Document[] =>
  entries.filter((entry) => entry.type === 'dir' && isAreaRoot(area, entry.name));

/** Whether a `?path=` may be shown by the area (a folder below the root, not under the other area's folders). */
export function belongsToArea(area: DocumentArea, path: string): boolean {
  const [root] = pathParts(path);
  return root !== undefined && isAreaRoot(area, root);
}

/** The path of a path's root folder (`/A/B` → `/A`). */
export const rootPathOf = (path: string): string | undefined => {
  const [root] = pathParts(path);
  return root === undefined ? undefined : `/${root}`;
};

export interface Crumb {
  name: string;
  path: string;
}

/** The folders from the path's root folder down to it, each with its own path (the breadcrumbs). */
export const crumbsOf = (path: string): Crumb[] =>
  pathParts(path).map((name, index, parts) => ({ name, path: `/${parts.slice(0, index + 1).join('/')}` }));

export type DocumentKind = 'folder' | 'pdf' | 'firmware' | 'file';

/** What an entry is, for its icon and its type column. */
export function kindOf(entry: Pick<Document, 'name' | 'type'>): DocumentKind {
  if (entry.type === 'dir') return 'folder';
  const extension = /\.([^./]+)$/.exec(entry.name)?.[1]?.toLowerCase();
  if (extension === 'pdf') return 'pdf';
  if (extension === 'bin' || extension === 'hex' || extension === 'fw') return 'firmware';
  return 'file';
}

/**
 * The size of an entry in bytes, when the store says it. The contract's `Document` has no size field (the spec names
 * none), so this is only for a store that sends one (`size`, a number of bytes): the grid shows sizes only then.
 */
export function knownSize(entry: Document): number | undefined {
  const { size } = entry;
  return typeof size === 'number' && Number.isFinite(size) && size >= 0 ? size : undefined;
}

const UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;

/** A size for people (`64 kB`, `1.2 MB`), in the interface language. */
export function formatSize(bytes: number, language: string): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  return new Intl.NumberFormat(language, {
    style: 'unit',
    unit: UNITS[unit],
    unitDisplay: 'short',
    maximumFractionDigits: unit === 0 ? 0 : 1,
  }).format(value);
}
