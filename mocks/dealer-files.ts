/**
 * The dealership application's files as the server must treat them (the contract's `DealerApplication`): the type by
 * the file's content (the magic numbers of JPEG and PNG), never by the part's declared type or the file's name; the
 * size under the part's `x-max-bytes`; a refusal naming the part (413 too large, 415 not an image, the contract's
 * `DealerFileRefusal` examples); a stored file named by the server; and served with the type of its content,
 * `nosniff`, and as an attachment when it is not an image. The mock does not re-encode images (the contract asks a
 * real server to); it keeps the checked bytes as they came.
 */
import type { Contract } from './contract.ts';

export type ImageType = 'image/jpeg' | 'image/png';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG_START = Buffer.from([0xff, 0xd8, 0xff]);

/** The image type of the bytes by their magic number, or undefined when they are neither JPEG nor PNG. */
export function sniffImage(data: Buffer): ImageType | undefined {
  if (data.length >= 12 && data.subarray(0, 8).equals(PNG_SIGNATURE) && data.toString('latin1', 12, 16) === 'IHDR') {
    return 'image/png';
  }
  if (data.length > 3 && data.subarray(0, 3).equals(JPEG_START)) return 'image/jpeg';
  return undefined;
}

const EXTENSION: Record<ImageType, string> = { 'image/jpeg': 'jpg', 'image/png': 'png' };

/** The file parts of the application and the names their refusal examples start with. */
export const FILE_PARTS = { tax_plate: 'tax-plate', logo: 'logo' } as const;
export type FilePart = keyof typeof FILE_PARTS;

export interface FileRule {
  types: ReadonlySet<string>;
  maxBytes: number;
}

/** The rule of each file part, from the contract's `DealerApplication` (`x-media-types`, `x-max-bytes`). */
export function fileRules(contract: Contract): Record<FilePart, FileRule> {
  const schemas = (contract.document.components as { schemas?: Record<string, unknown> } | undefined)?.schemas;
  const properties = (schemas?.DealerApplication as { properties?: Record<string, Record<string, unknown>> })
    ?.properties;
  const rule = (part: FilePart): FileRule => {
    const types = properties?.[part]?.['x-media-types'];
    const maxBytes = properties?.[part]?.['x-max-bytes'];
    if (!Array.isArray(types) || typeof maxBytes !== 'number') {
      throw new Error(`The contract's DealerApplication.${part} has no x-media-types or x-max-bytes`);
    }
    return { types: new Set(types.map(String)), maxBytes };
  };
  return { tax_plate: rule('tax_plate'), logo: rule('logo') };
}

/** The refusal of a part's file (the contract's example and status), or undefined when the file is acceptable. */
export function refuseFile(
  part: FilePart,
  data: Buffer,
  rule: FileRule,
): { example: string; code: string } | undefined {
  const type = sniffImage(data);
  if (!type || !rule.types.has(type)) return { example: `${FILE_PARTS[part]}-not-image`, code: '415' };
  if (data.length > rule.maxBytes) return { example: `${FILE_PARTS[part]}-too-large`, code: '413' };
  return undefined;
}

/** The name the server gives a part's stored file (never the uploaded one): the part and the format. */
export const storedName = (part: FilePart, data: Buffer): string =>
  `${FILE_PARTS[part]}.${EXTENSION[sniffImage(data) ?? 'image/png']}`;

/** The headers a stored file is served with: the type of its content, nosniff, an attachment unless an image. */
export function servedHeaders(data: Buffer): Record<string, string> {
  const type = sniffImage(data);
  return {
    'content-type': type ?? 'application/octet-stream',
    'content-length': String(data.length),
    'x-content-type-options': 'nosniff',
    'content-security-policy': "default-src 'none'; sandbox",
    'cache-control': 'no-store',
    ...(type ? {} : { 'content-disposition': 'attachment' }),
  };
}
