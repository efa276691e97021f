/**
 * The file tree the mock's file store serves (mocks/areas/file-store.ts), held in memory: the contract's example
 * folders and files (openapi/EXAMPLES.md) plus a subfolder in each and a third documentation folder; the PDFs are
 * real one-page PDFs and the firmware files deterministic bytes (mocks/firmware-binaries.ts reads them).
 */

export interface StoreEntry {
  name: string;
  path: string;
  type: 'dir' | 'file';
  resource_id: string;
  /** A file's content. */
  bytes?: Buffer;
  contentType?: string;
  /** A folder's entries, in the order listed. */
  children?: StoreEntry[];
}

/** A string as a PDF literal string (Latin-1 text, with `\`, `(` and `)` escaped). */
const pdfString = (text: string): string => `(${text.replace(/[\\()]/g, (char) => `\\${char}`)})`;

/** A minimal valid one-page PDF (A4) showing `title` on one line, with a correct cross-reference table. */
export function minimalPdf(title: string): Buffer {
  const content = `BT /F1 20 Tf 72 760 Td ${pdfString(title)} Tj ET\n`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}endstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** `size` deterministic bytes from a seed (mulberry32): the same firmware file is the same on every start. */
export function seededBytes(seed: number, size: number): Buffer {
  const bytes = Buffer.alloc(size);
  let state = seed >>> 0;
  for (let index = 0; index < size; index++) {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    bytes[index] = ((value ^ (value >>> 14)) >>> 0) & 0xff;
  }
  return bytes;
}

const FIRMWARE_SIZE = 64 * 1024;

const dir = (parent: string, name: string, resourceId: string, children: StoreEntry[]): StoreEntry => {
  const path = `${parent === '/' ? '' : parent}/${name}`;
  return { name, path, type: 'dir', resource_id: resourceId, children: children.map((child) => under(path, child)) };
};
/** The entry moved under `parent` (paths are built from the root down). */
const under = (parent: string, entry: StoreEntry): StoreEntry =>
  entry.type === 'dir'
    ? dir(parent, entry.name, entry.resource_id, entry.children ?? [])
    : { ...entry, path: `${parent}/${entry.name}` };
const pdf = (name: string, resourceId: string): StoreEntry => ({
  name,
  path: name,
  type: 'file',
  resource_id: resourceId,
  bytes: minimalPdf(name.replace(/\.pdf$/, '')),
  contentType: 'application/pdf',
});
const firmware = (name: string, resourceId: string, seed: number): StoreEntry => ({
  name,
  path: name,
  type: 'file',
  resource_id: resourceId,
  bytes: seededBytes(seed, FIRMWARE_SIZE),
  contentType: 'application/octet-stream',
});

/** The store's tree: the contract's example folders first (the root's order is the example's), then the others. */
export function exampleTree(): StoreEntry {
  return dir('/', '', 'fs-0', [
    dir('/', 'Kullanim Kilavuzlari', 'fs-1000', [
      dir('/', 'Eski Surumler', 'fs-1100', [pdf('MX-16G Kurulum 2022.pdf', 'fs-1101')]),
      pdf('MX-16G Kurulum.pdf', 'fs-1001'),
      pdf('MX-8 Kullanici Kilavuzu.pdf', 'fs-1002'),
    ]),
    dir('/', 'Firmware', 'fs-2000', [
      dir('/', 'MX-8', 'fs-2100', [firmware('mx8-2.0.7.bin', 'fs-2101', 2101)]),
      firmware('mx16g-3.4.1.bin', 'fs-2001', 2001),
      firmware('mx16g-3.4.2.bin', 'fs-2002', 2002),
    ]),
    dir('/', 'Teknik Belgeler', 'fs-3000', [pdf('Baglanti Semasi.pdf', 'fs-3001')]),
  ]);
}

/** The entry at `path` (`/` the root; a trailing slash is ignored). */
export function findEntry(root: StoreEntry, path: string): StoreEntry | undefined {
  if (!path.startsWith('/')) return undefined;
  const parts = path.split('/').filter(Boolean);
  let entry: StoreEntry | undefined = root;
  for (const part of parts) entry = entry?.children?.find((child) => child.name === part);
  return entry;
}

/** Every file under `entry`, in tree order. */
export const allFiles = (entry: StoreEntry): StoreEntry[] =>
  entry.type === 'file' ? [entry] : (entry.children ?? []).flatMap(allFiles);
