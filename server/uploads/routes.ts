import type { FastifyInstance } from 'fastify';
import * as uploads from '#common/endpoints/uploads.ts';
import {
  AUDIO_MAX_BYTES,
  AUDIO_TYPES,
  audioContentType,
  COVER_MAX_BYTES,
  COVER_TYPES,
} from '#common/uploads.ts';
import { route } from '#server/http/contract.ts';
import { durationSeconds } from './audio.ts';
import { generatedKey } from './names.ts';
import { acceptUploads, receiveUpload, type UploadRules } from './receive.ts';

const MB = 1024 * 1024;
const SEND_FILE = 'Send the file as multipart/form-data, in a field named file.';

/**
 * An upload of the admin area: the first file of the form, whatever its field (the folder or chapter comes in
 * the query, so fields are ignored); `what` names the file in the too-large sentence, `accepted` the types in
 * the wrong-type one.
 */
function adminUpload(
  maxBytes: number,
  types: Readonly<Record<string, string>>,
  what: string,
  accepted: string,
): UploadRules {
  return {
    maxBytes,
    accept: { types, refused: `That is not ${accepted}.` },
    form: { files: 1, fields: 4, fieldSize: 1024, parts: 5 },
    sentences: {
      notMultipart: SEND_FILE,
      noFile: SEND_FILE,
      tooLarge: `${what} is too large. Maximum size is ${maxBytes / MB}MB.`,
    },
  };
}

const COVER_UPLOAD = adminUpload(COVER_MAX_BYTES, COVER_TYPES, 'The image', 'a JPEG, PNG or WebP image');
const AUDIO_UPLOAD = adminUpload(
  AUDIO_MAX_BYTES,
  AUDIO_TYPES,
  'Audio file',
  'an audio file (MP3, WAV, WebM/Opus, M4A or OGG)',
);

/** Upload endpoints of the admin area: the browser sends a file, the server stores it and answers its URL. */
export async function uploadRoutes(app: FastifyInstance): Promise<void> {
  await acceptUploads(app);

  // A cover: under stories/ from the editor, under covers/ from the stories tab (admin.md §7).
  route(app, uploads.uploadCover, async ({ query }, request) => {
    const { key, contentType, size } = await receiveUpload(request, COVER_UPLOAD, {
      place: () => ({ key: (type) => generatedKey(`story-images/${query.folder}/`, type.extension) }),
      stored: (file) => file,
    });
    return { key, url: app.storage.publicUrl(key), content_type: contentType, size };
  });

  // Chapter audio, named after its chapter (or "new" before the chapter is saved), with its duration.
  route(app, uploads.uploadAudio, async ({ query }, request) => {
    const file = await receiveUpload(request, AUDIO_UPLOAD, {
      place: () => ({
        key: (type) => generatedKey(`story-audio/chapters/${query.chapter}-`, type.extension),
        contentType: (type) => audioContentType(type.mime),
        alongside: durationSeconds, // measured in the same pass as it is stored
      }),
      stored: (stored) => stored,
    });
    return {
      key: file.key,
      url: app.storage.publicUrl(file.key),
      content_type: file.contentType,
      size: file.size,
      duration_seconds: file.alongside ?? null,
    };
  });
}
