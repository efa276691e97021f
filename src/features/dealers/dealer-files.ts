/**
 * The rule of the dealership application's files (spec 2 §5, §9): the tax plate (required) and the logo (optional)
 * are jpg or png images under 1 MB. The contract says it on each file part of `DealerApplication` (`x-media-types`,
 * `x-max-bytes`: a `format: binary` part has no standard keyword for either), and the console reads it from there and
 * enforces it before anything is uploaded.
 */
import { DealerApplicationSchema } from '@generated/api/schemas.gen.ts';
import type { DealerFileRefusal } from '@generated/api/types.gen.ts';
import { ApiError } from '../../lib/api/api-error.ts';
import type { TranslationKey } from '../../lib/i18n/translation-key.ts';

interface FilePart {
  readonly 'x-media-types'?: readonly string[];
  readonly 'x-max-bytes'?: number;
}

/** The file rule of a file part of the application (throws when the contract gives none: a rule must not vanish). */
export function filePartRule(part: FilePart): { types: ReadonlySet<string>; maxBytes: number } {
  const types = part['x-media-types'];
  const maxBytes = part['x-max-bytes'];
  if (!types?.length || maxBytes === undefined) throw new Error('The file part has no x-media-types or x-max-bytes');
  return { types: new Set(types), maxBytes };
}

const TAX_PLATE = filePartRule(DealerApplicationSchema.properties.tax_plate);
const LOGO = filePartRule(DealerApplicationSchema.properties.logo);
if (TAX_PLATE.maxBytes !== LOGO.maxBytes || [...TAX_PLATE.types].join() !== [...LOGO.types].join()) {
  throw new Error('The tax plate and the logo are expected to share one file rule');
}

const MEGABYTE = 1024 * 1024;

/** The largest file accepted, in bytes (under 1 MB). */
export const DEALER_FILE_MAX_BYTES = TAX_PLATE.maxBytes;

const TYPES = TAX_PLATE.types;

/** The file extensions of the accepted types, for a file the browser gives no type. */
const EXTENSIONS: Readonly<Record<string, readonly string[]>> = {
  'image/jpeg': ['.jpg', '.jpeg'],
  'image/png': ['.png'],
};
const extensions = [...TYPES].flatMap((type) => EXTENSIONS[type] ?? []);

/** What the file inputs offer in the chooser (the check below is what counts). */
export const DEALER_FILE_ACCEPT = [...TYPES, ...extensions].join(',');

const hasExtension = (name: string) => extensions.some((extension) => name.toLowerCase().endsWith(extension));

/** Why a file is refused: by the console's own check, or (`content`, and `size` again) by the server's. */
export type FileViolation = 'required' | 'type' | 'size' | 'content';

export const FILE_MESSAGES: Readonly<Record<FileViolation, TranslationKey>> = {
  required: 'dealer.file.required',
  type: 'dealer.file.type',
  size: 'dealer.file.size',
  content: 'dealer.file.content',
};

/** The form's file fields, by the part the contract's `DealerFileRefusal` names. */
const FIELD_OF_PART: Readonly<Record<DealerFileRefusal['field'], 'taxPlate' | 'logo'>> = {
  tax_plate: 'taxPlate',
  logo: 'logo',
};

/**
 * The file the server refused, from a failed application (the contract's 413 and 415 answers, whose body names the
 * part): the form marks that field. Undefined for any other failure. The server checks what the console cannot: the
 * file's content (a page named `.png` is no image), whatever its name and type say.
 */
export function serverFileRefusal(
  error: unknown,
): { field: 'taxPlate' | 'logo'; violation: FileViolation } | undefined {
  if (!(error instanceof ApiError) || (error.httpStatus !== 413 && error.httpStatus !== 415)) return undefined;
  const part: unknown = (error.body as Partial<DealerFileRefusal> | undefined)?.field;
  if (typeof part !== 'string' || !Object.hasOwn(FIELD_OF_PART, part)) return undefined;
  const field = FIELD_OF_PART[part as DealerFileRefusal['field']];
  return { field, violation: error.httpStatus === 413 ? 'size' : 'content' };
}

/**
 * Why a chosen file is refused, or null. The type is the browser's for the file (image/jpeg or image/png); a file the
 * browser gives no type goes by its name's extension.
 */
export function checkDealerFile(
  file: Pick<File, 'name' | 'type' | 'size'> | undefined,
  required: boolean,
): FileViolation | null {
  if (!file) return required ? 'required' : null;
  const typeOk = file.type ? TYPES.has(file.type.toLowerCase()) : hasExtension(file.name);
  if (!typeOk) return 'type';
  if (file.size > DEALER_FILE_MAX_BYTES) return 'size';
  return null;
}

/** A file's size for people: `820 KB`, `1.4 MB` (in the interface language's number format). */
export function fileSize(bytes: number, language: string): string {
  const format = (value: number) => new Intl.NumberFormat(language, { maximumFractionDigits: 1 }).format(value);
  if (bytes < 1024) return `${format(bytes)} B`;
  if (bytes < MEGABYTE) return `${format(bytes / 1024)} KB`;
  return `${format(bytes / MEGABYTE)} MB`;
}
