import { describe, expect, it } from 'vitest';
import { recordingOf } from './sounds.ts';

const COMMONS = 'https://upload.wikimedia.org/wikipedia/commons';

describe('recordingOf', () => {
  it('takes the first MP3 of the sounds, over an Ogg before it', () => {
    expect(
      recordingOf([
        { ipa: '/qa.dam/' },
        { audio: 'a.ogg', ogg_url: `${COMMONS}/a/a8/a.ogg` },
        { audio: 'b.ogg', ogg_url: `${COMMONS}/b.ogg`, mp3_url: `${COMMONS}/transcoded/b.ogg.mp3` },
      ]),
    ).toBe(`${COMMONS}/transcoded/b.ogg.mp3`);
  });

  it('falls back to an Ogg, and to nothing', () => {
    expect(recordingOf([{ ogg_url: `${COMMONS}/a.ogg` }])).toBe(`${COMMONS}/a.ogg`);
    expect(recordingOf([{ ipa: '/x/' }])).toBeNull();
    expect(recordingOf(undefined)).toBeNull();
    expect(recordingOf('sounds')).toBeNull();
    expect(recordingOf([null, 3, 'x'])).toBeNull();
  });

  it('keeps only https addresses on Wikimedia’s upload host', () => {
    expect(recordingOf([{ mp3_url: 'http://upload.wikimedia.org/a.mp3' }])).toBeNull();
    expect(recordingOf([{ mp3_url: 'https://evil.example/a.mp3' }])).toBeNull();
    expect(recordingOf([{ mp3_url: 'https://upload.wikimedia.org.evil.example/a.mp3' }])).toBeNull();
    expect(recordingOf([{ mp3_url: 'javascript:alert(1)' }])).toBeNull();
    expect(recordingOf([{ mp3_url: `${COMMONS}/${'a'.repeat(700)}.mp3` }])).toBeNull();
    expect(recordingOf([{ mp3_url: 42 }])).toBeNull();
  });
});
