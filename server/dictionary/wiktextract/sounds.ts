// A word's recording from a wiktextract entry (issue 23): the dumps list an entry's `sounds`, some with the
// address of a recording on Wikimedia Commons. The reader's word panel plays one where it is given, before the
// device's voice. Only https addresses on Wikimedia's upload host are kept: the site lets browsers load media
// from there and nowhere else (server/http/security.ts).
import { RECORDING_HOST } from '#common/dictionary.ts';
import { isRow, text } from './text.ts';

const LONGEST_ADDRESS = 600;

function recordingAddress(value: unknown): string | undefined {
  const address = text(value);
  if (address === undefined || address.length > LONGEST_ADDRESS) return undefined;
  try {
    const url = new URL(address);
    return url.protocol === 'https:' && url.hostname === RECORDING_HOST ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The entry's first recording, as MP3 where the dump gives one (every browser plays it; Safari no Ogg), else
 * Ogg; null when it has none.
 */
export function recordingOf(sounds: unknown): string | null {
  if (!Array.isArray(sounds)) return null;
  let ogg: string | undefined;
  for (const sound of sounds) {
    if (!isRow(sound)) continue;
    const mp3 = recordingAddress(sound.mp3_url);
    if (mp3) return mp3;
    ogg ??= recordingAddress(sound.ogg_url);
  }
  return ogg ?? null;
}
