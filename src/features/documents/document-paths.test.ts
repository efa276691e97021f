import { describe, expect, it } from 'vitest';
import type { Document } from '@generated/api/types.gen.ts';
import {
  areaRoots,
  belongsToArea,
  crumbsOf,
  formatSize,
  kindOf,
  knownSize,
  pathParts,
  rootPathOf,
} from './document-paths.ts';

const folder = (name: string): Document => ({ name, path: `/${name}`, type: 'dir', resource_id: name });
const root = [folder('Kullanim Kilavuzlari'), folder('Firmware'), folder('Teknik Belgeler')];

describe('the document browsers', () => {
  it('give the firmware folder to the firmware page and every other root folder to the help page', () => {
    expect(areaRoots('help', root).map((entry) => entry.name)).toEqual(['Kullanim Kilavuzlari', 'Teknik Belgeler']);
    expect(areaRoots('firmware', root).map((entry) => entry.name)).toEqual(['Firmware']);
    expect(areaRoots('firmware', [folder('FIRMWARE')])).toHaveLength(1);
    const file: Document = { name: 'a.pdf', path: '/a.pdf', type: 'file', file: 'x', resource_id: 'a' };
    expect(areaRoots('help', [file])).toEqual([]);
  });

  it('show a path only on the page whose folders hold it', () => {
    expect(belongsToArea('help', '/Kullanim Kilavuzlari/Eski Surumler')).toBe(true);
    expect(belongsToArea('help', '/Firmware/MX-8')).toBe(false);
    expect(belongsToArea('firmware', '/Firmware/MX-8')).toBe(true);
    expect(belongsToArea('firmware', '/Kullanim Kilavuzlari')).toBe(false);
    expect(belongsToArea('help', '/')).toBe(false);
    // An unknown folder is asked for on the help page, so the store tells what is wrong.
    expect(belongsToArea('help', '/Nope')).toBe(true);
  });

  it('split a path into its breadcrumbs', () => {
    expect(pathParts('/')).toEqual([]);
    expect(rootPathOf('/A/B/')).toBe('/A');
    expect(rootPathOf('/')).toBeUndefined();
    expect(crumbsOf('/Kullanim Kilavuzlari/Eski Surumler')).toEqual([
      { name: 'Kullanim Kilavuzlari', path: '/Kullanim Kilavuzlari' },
      { name: 'Eski Surumler', path: '/Kullanim Kilavuzlari/Eski Surumler' },
    ]);
  });

  it('tell folders, PDFs and firmware files apart', () => {
    expect(kindOf({ name: 'Firmware', type: 'dir' })).toBe('folder');
    expect(kindOf({ name: 'MX-16G Kurulum.PDF', type: 'file' })).toBe('pdf');
    expect(kindOf({ name: 'mx16g-3.4.2.bin', type: 'file' })).toBe('firmware');
    expect(kindOf({ name: 'notes', type: 'file' })).toBe('file');
  });

  it('show a size only when the store sends one', () => {
    expect(knownSize(folder('A'))).toBeUndefined();
    expect(knownSize({ ...folder('A'), size: 65536 } as Document)).toBe(65536);
    expect(knownSize({ ...folder('A'), size: '1' } as unknown as Document)).toBeUndefined();
    expect(formatSize(65536, 'en')).toBe('64 kB');
    expect(formatSize(1536, 'tr')).toBe('1,5 kB');
    expect(formatSize(10, 'en')).toBe('10 byte');
  });
});
