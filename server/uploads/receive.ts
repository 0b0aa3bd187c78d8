// The one way a file comes in (decision 020): covers, chapter audio, applicant videos and dictionary dumps all
// arrive here, and their routes declare only what differs (UploadRules, UploadHandling).
import type { IncomingMessage } from 'node:http';
import { finished, PassThrough, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import multipart, { type MultipartFile } from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '#server/http/errors.ts';
import { formParts } from '#server/http/multipart.ts';
import { ObjectExistsError, type ObjectStorage } from '#server/storage/storage.ts';
import { copyAlongside, hasBytes, limitBytes } from './streams.ts';
import { type FileType, typeByBytes } from './types.ts';

export type { FileType } from './types.ts';

const MB = 1024 * 1024;

/** With no byte arriving for this long, an upload is given up and its connection closed (decision 016). */
const UPLOAD_IDLE_MS = 60_000;

/** How long a refused upload is still read (and thrown away) before its connection is closed (decision 016). */
const LINGER_MS = 2000;

/** 400: the file's part holds no byte (every endpoint answers it alike: it is the same mistake everywhere). */
const EMPTY_FILE = 'The file is empty: choose a file with something in it.';
/** 400: the body ended, or the sender went away, inside the file; nothing of it is kept. */
const CUT_SHORT = 'The upload was cut short before the file ended: send it again, whole.';

/** The sentences an endpoint answers: each endpoint keeps its own wording. */
export interface UploadSentences {
  /** 415: the request is not multipart/form-data. */
  notMultipart: string;
  /** 400: the form ended without the file. */
  noFile: string;
  /** 413: the file is larger than `maxBytes`. */
  tooLarge: string;
  /** 400: a file in another field, or a second file; without it, such a file is read and thrown away. */
  wrongFile?: string;
  /** 409: the key names an object already; without it, the driver's error goes on (a 500). */
  taken?: string;
}

/** Everything about an endpoint's upload that is not code: what it takes, how much, and what it answers. */
export interface UploadRules {
  /** The largest file, counted while it streams. */
  maxBytes: number;
  /**
   * What is taken: the types its bytes may show (file-type's MIME name → stored extension), refused with a
   * 415 sentence; or any bytes, stored as the type given.
   */
  accept: { types: Readonly<Record<string, string>>; refused: string } | { anyBytes: FileType };
  /** busboy's limits on the rest of the form (its file size limit is derived from maxBytes). */
  form: { fields: number; fieldSize: number; parts: number; files: number };
  /** The field the file comes in; undefined: the first file, whatever its field. */
  fileField?: string;
  /** Whether fields may follow the file (then the form is read to its end before `stored`). */
  fieldsAfterFile?: boolean;
  sentences: UploadSentences;
}

/** A form's fields as @fastify/multipart gives their values (strings, unless a field was sent as JSON). */
export type FormFields = Record<string, unknown>;

/** Where a file goes: stored under a key, with a reader of the same bytes alongside if need be. */
export interface StorePlacement<A> {
  key: (type: FileType) => string;
  contentType?: (type: FileType) => string;
  /** Reads the bytes as they are stored; it must read to the end. Its answer is `StoredFile.alongside`. */
  alongside?: (body: Readable, contentType: string) => Promise<A>;
}

/** Instead of storing: the file is read as it arrives (a preview), and the rest of the form thrown away. */
export interface ReadPlacement<R> {
  read: (body: Readable) => Promise<R>;
}

/** A file the pipeline has stored. */
export interface StoredFile<A> {
  key: string;
  size: number;
  contentType: string;
  /** The name the sender gave, as sent (undefined or empty when none). */
  filename: string | undefined;
  alongside: A | undefined;
}

/** What an endpoint does with its file, at the two moments that differ. */
export interface UploadHandling<R, A = undefined> {
  /**
   * The file's part has begun (the fields sent before it in hand, none of its bytes read yet): throw to refuse
   * it, or say where it goes.
   */
  place(file: {
    fields: FormFields;
    filename: string | undefined;
  }): Promise<Placement<R, A>> | Placement<R, A>;
  /** The file is stored (and the form read, with fieldsAfterFile); if this fails, the stored object is removed. */
  stored(file: StoredFile<A>, fields: FormFields): Promise<R> | R;
}

export type Placement<R, A> = StorePlacement<A> | ReadPlacement<R>;

/** Lets the routes registered on `app` receive uploads (each request sets its form limits itself). */
export async function acceptUploads(app: FastifyInstance): Promise<void> {
  await app.register(multipart);
}

/**
 * Receives the upload of `request`: reads the form, checks the file's type from its bytes and its size while it
 * streams, stores it through the storage driver, and answers what `handling` makes of it. On any failure
 * nothing stays behind (a driver discards its partial object; a stored one is deleted), and the rest of the
 * body is read and dropped for a moment before the connection closes, so the sender sees the answer.
 */
export async function receiveUpload<R, A = undefined>(
  request: FastifyRequest,
  rules: UploadRules,
  handling: UploadHandling<R, A>,
): Promise<R> {
  // A stalled upload would hold a socket and a partial file for ever; Node closes an idle socket. (An
  // injected request's stand-in socket has no timeouts.)
  request.raw.socket?.setTimeout?.(UPLOAD_IDLE_MS);
  const storage = request.server.storage;
  const kept: string[] = [];
  try {
    if (!request.isMultipart()) throw new HttpError(415, rules.sentences.notMultipart);
    return await receiveForm(request, rules, handling, kept);
  } catch (error) {
    if (kept.length > 0) await storage.delete(kept).catch(() => undefined);
    discardThenClose(request.raw);
    throw error;
  }
}

async function receiveForm<R, A>(
  request: FastifyRequest,
  rules: UploadRules,
  handling: UploadHandling<R, A>,
  kept: string[],
): Promise<R> {
  const fields: FormFields = {};
  let stored: StoredFile<A> | undefined;
  const limits = { ...rules.form, fileSize: rules.maxBytes + 1 };
  for await (const part of formParts(request, { limits })) {
    if (part.type === 'field') {
      fields[part.fieldname] = part.value;
      continue;
    }
    if ((rules.fileField !== undefined && part.fieldname !== rules.fileField) || stored) {
      if (rules.sentences.wrongFile) throw new HttpError(400, rules.sentences.wrongFile);
      part.file.resume();
      continue;
    }
    // An error of the file's stream (a body cut short, a sender who went away) is the sender's, not ours; it
    // may come while `place` is awaited, before anything reads the file, or even before the part is handed
    // here (then the stream is already destroyed with it).
    let formError: unknown = part.file.errored ?? undefined;
    part.file.once('error', (error) => {
      formError = error;
    });
    const placement = await handling.place({ fields, filename: part.filename });
    if ('read' in placement) return await readInstead(part, placement, rules);
    stored = await storeFile(
      request.server.storage,
      part,
      placement,
      rules,
      () => formError ?? part.file.errored,
    );
    kept.push(stored.key);
    if (!rules.fieldsAfterFile) break;
  }
  if (!stored) throw new HttpError(400, rules.sentences.noFile);
  return await handling.stored(stored, fields);
}

/** The file's bytes, checked (type, then size as they pass), and its type. */
async function checkedBody(file: Readable, rules: UploadRules): Promise<{ body: Readable; type: FileType }> {
  let source = file;
  let type: FileType;
  if ('types' in rules.accept) {
    const typed = await typeByBytes(file, rules.accept.types);
    if (!typed.type) {
      typed.body.resume(); // drain the rest so the connection can be reused
      throw new HttpError(415, rules.accept.refused);
    }
    source = typed.body;
    type = typed.type;
  } else {
    type = rules.accept.anyBytes;
  }
  const body = new PassThrough({ highWaterMark: MB });
  // An upload aborted before storage starts reading must fail the put (through `body`), not the process.
  pipeline(source, limitBytes(rules.maxBytes, rules.sentences.tooLarge), body).catch(() => undefined);
  return { body, type };
}

async function storeFile<A>(
  storage: ObjectStorage,
  part: MultipartFile,
  placement: StorePlacement<A>,
  rules: UploadRules,
  formError: () => unknown,
): Promise<StoredFile<A>> {
  let body: Readable | undefined;
  try {
    if (!(await hasBytes(part.file, formError))) throw new HttpError(400, EMPTY_FILE);
    const checked = await checkedBody(part.file, rules);
    body = checked.body;
    const { type } = checked;
    const key = placement.key(type);
    const contentType = placement.contentType?.(type) ?? type.mime;
    const { main, copy } = placement.alongside ? copyAlongside(body) : { main: body, copy: undefined };
    const alongside = copy && placement.alongside?.(copy, contentType);
    alongside?.catch(() => undefined); // awaited below; a failed put must not leave it unhandled
    const { size } = await storage.put(key, main, { contentType });
    return { key, size, contentType, filename: part.filename, alongside: await alongside };
  } catch (error) {
    body?.destroy(); // a store that failed on its own side stops reading; the upload must not wait on it
    // Nothing to remove: a put that fails leaves no object (the drivers discard their partial one), and after
    // ObjectExistsError the object is someone else's.
    if (error instanceof ObjectExistsError && rules.sentences.taken)
      throw new HttpError(409, rules.sentences.taken);
    if (!(error instanceof HttpError) && formError() !== undefined) throw new HttpError(400, CUT_SHORT);
    throw error;
  }
}

/**
 * Reads the file as it arrives, within the size limit. The rest of the upload is not waited for: once the
 * reader is done, the file is unhooked and resumed, so busboy reads what is left and throws it away while the
 * answer is already sent, and the request still ends and leaves its connection usable.
 */
async function readInstead<R>(
  part: MultipartFile,
  placement: ReadPlacement<R>,
  rules: UploadRules,
): Promise<R> {
  const limiter = limitBytes(rules.maxBytes, rules.sentences.tooLarge);
  const input = new PassThrough({ highWaterMark: MB });
  // Not pipeline(part.file, …): when the reader stops reading, pipeline would destroy the upload's stream, and
  // busboy, its file destroyed, stops reading the request: the rest of the body would sit in the socket until
  // the connection timed out. An aborted upload (an error, or a close before the end) still reaches the
  // reader, which then fails with it; pipeline listens for every error of the two streams it joins.
  pipeline(limiter, input).catch(() => undefined);
  const stopWatching = finished(part.file, (error) => {
    if (error) limiter.destroy(error);
  });
  part.file.pipe(limiter);
  try {
    return await placement.read(input);
  } finally {
    stopWatching();
    part.file.unpipe(limiter);
    part.file.resume();
  }
}

/**
 * After a refusal mid-upload, the rest of the body is not worth reading, but closing the connection at once
 * resets it while the sender is still writing, and the sender may never see the answer: a reset discards what
 * its TCP stack had received but the sender had not yet read. So the body is read and thrown away for a moment
 * ("lingering close", as web servers do), then the connection is closed. Time alone bounds it, as nginx's
 * lingering_time does: a byte cap would close at once on a fast network, the very case where the sender's
 * answer is most likely still unread.
 */
function discardThenClose(raw: IncomingMessage): void {
  if (raw.readableEnded) return;
  raw.unpipe();
  const timer = setTimeout(() => raw.socket?.destroy?.(), LINGER_MS);
  timer.unref();
  raw.once('end', () => clearTimeout(timer));
  raw.resume();
}
