/** Small generated files for the binary fields of multipart request bodies. */

/** A 1x1 PNG (70 bytes). */
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
/** A 1x1 JPEG (134 bytes). */
const JPEG =
  '/9j/2wBDAAMCAgICAgMCAgIDAwMDBAYEBAQEBAgGBgUGCQgKCgkICQkKDA8MCgsOCwkJDRENDg8QEBEQCgwSExIQEw8QEBD/yQALCAABAAEBAREA/8wABgAQEAX/2gAIAQEAAD8A0s8g/9k=';

const BY_TYPE: Record<string, { extension: string; base64: string }> = {
  'image/png': { extension: 'png', base64: PNG },
  'image/jpeg': { extension: 'jpg', base64: JPEG },
};

const TYPE_OF_EXTENSION: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg' };

export interface PlaceholderFile {
  name: string;
  type: string;
  bytes: Uint8Array<ArrayBuffer>;
}

/**
 * The file to send for a binary field. `exampleValue` is the contract's example text (e.g. `(binary) logo.png`): its
 * file name is kept; the content type comes from the name, else the first allowed type of the field's encoding.
 */
export function placeholderFile(field: string, exampleValue: string, allowedTypes: string[]): PlaceholderFile {
  const named = /([\w.-]+\.([A-Za-z0-9]+))\s*$/.exec(exampleValue);
  const fromName = named ? TYPE_OF_EXTENSION[named[2]!.toLowerCase()] : undefined;
  const type =
    fromName ?? allowedTypes.find((allowed) => allowed in BY_TYPE) ?? allowedTypes[0] ?? 'application/octet-stream';
  const known = BY_TYPE[type];
  const name = named?.[1] ?? `${field}.${known?.extension ?? 'bin'}`;
  const bytes = known ? Uint8Array.from(Buffer.from(known.base64, 'base64')) : new TextEncoder().encode(`${field}\n`);
  return { name, type, bytes: new Uint8Array(bytes) };
}
