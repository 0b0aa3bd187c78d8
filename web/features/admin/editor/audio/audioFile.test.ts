import { describe, expect, it } from 'vitest';
import { AUDIO_MAX_BYTES } from '#common/uploads.ts';
import { AUDIO_HELP, AUDIO_TOO_LARGE, audioFileProblem, NOT_AUDIO, recordingFile } from './audioFile.ts';

function fileOf(name: string, type: string, size = 10): File {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

describe('audioFileProblem', () => {
  it('accepts any audio type up to 50 MB', () => {
    expect(audioFileProblem(fileOf('a.mp3', 'audio/mpeg'))).toBeUndefined();
    expect(audioFileProblem(fileOf('a.wav', 'audio/wav', 50 * 1024 * 1024))).toBeUndefined();
  });

  it('refuses a file that is not audio', () => {
    expect(audioFileProblem(fileOf('cover.png', 'image/png'))).toBe(NOT_AUDIO);
    expect(audioFileProblem(fileOf('clip.mp4', 'video/mp4'))).toBe(NOT_AUDIO);
    expect(NOT_AUDIO).toBe('Please select an audio file (MP3, WAV, etc.)');
  });

  it('judges a file without a type by its extension', () => {
    expect(audioFileProblem(fileOf('song.OPUS', ''))).toBeUndefined();
    expect(audioFileProblem(fileOf('song.flac', ''))).toBeUndefined();
    expect(audioFileProblem(fileOf('notes.txt', ''))).toBe(NOT_AUDIO);
    expect(audioFileProblem(fileOf('mp3', ''))).toBe(NOT_AUDIO);
  });

  it('refuses audio over 50 MB', () => {
    expect(audioFileProblem(fileOf('long.mp3', 'audio/mpeg', 50 * 1024 * 1024 + 1))).toBe(AUDIO_TOO_LARGE);
    expect(AUDIO_TOO_LARGE).toBe('Audio file is too large. Maximum size is 50MB.');
    expect(AUDIO_HELP).toContain('(max 50MB)');
    // The sentences name the limit themselves: it must stay the limit the check uses.
    expect(AUDIO_MAX_BYTES).toBe(50 * 1024 * 1024);
  });
});

describe('recordingFile', () => {
  const recordedAt = new Date('2026-11-22T10:00:00.123Z');

  it('names a WebM recording after its time, with a plain audio/webm type', () => {
    const file = recordingFile(new Blob(['sound'], { type: 'audio/webm;codecs=opus' }), recordedAt);
    expect([file.name, file.type, file.size]).toEqual([
      'recording-2026-11-22T10-00-00.webm',
      'audio/webm',
      5,
    ]);
  });

  it("keeps the type of a browser that records MP4, with that type's extension", () => {
    const file = recordingFile(new Blob(['sound'], { type: 'audio/mp4' }), recordedAt);
    expect([file.name, file.type]).toEqual(['recording-2026-11-22T10-00-00.m4a', 'audio/mp4']);
  });

  it('calls a recording without a type WebM', () => {
    const file = recordingFile(new Blob(['sound']), recordedAt);
    expect([file.name, file.type]).toEqual(['recording-2026-11-22T10-00-00.webm', 'audio/webm']);
  });
});
