// What kind of file an upload is: by its bytes once they arrive (what the pipeline trusts), or by its name and
// declared type before they do (what a start call can go by).
import type { Readable } from 'node:stream';
import { fileTypeStream } from 'file-type/node';

/** A file's type as read from its bytes, and the extension it is stored under. */
export interface FileType {
  mime: string;
  extension: string;
}

/** How many bytes file-type reads before it decides (its own default: enough for every format we take). */
const SAMPLE_BYTES = 4100;

/**
 * Reads the first bytes of `file` and names its type if `accepted` (file-type's MIME names → stored extension)
 * takes it; `body` carries every byte, the first ones included. Never judged by a name or a declared type.
 */
export async function typeByBytes(
  file: Readable,
  accepted: Readonly<Record<string, string>>,
): Promise<{ type: FileType | undefined; body: Readable }> {
  const body = await fileTypeStream(file, { sampleSize: SAMPLE_BYTES });
  const mime = body.fileType?.mime;
  const extension = mime ? accepted[mime] : undefined;
  return { type: mime && extension ? { mime, extension } : undefined, body };
}

/** The extensions a name may end in and the types a sender may declare, each with the stored extension. */
export interface NamedTypes {
  byExtension: Readonly<Record<string, string>>;
  byDeclaredType: Readonly<Record<string, string>>;
}

/**
 * The extension a file named `filename` (declared as `declaredType`) would be stored under, before its bytes
 * arrive: its name's extension if taken, else its declared type; undefined if neither is. A hint only: the
 * upload itself is judged by its bytes.
 */
export function typeByName(
  filename: string,
  declaredType: string | undefined,
  types: NamedTypes,
): string | undefined {
  const named = filename.toLowerCase().match(/\.([a-z0-9]+)$/)?.[1];
  if (named && Object.hasOwn(types.byExtension, named)) return types.byExtension[named];
  return declaredType ? types.byDeclaredType[declaredType.toLowerCase()] : undefined;
}
