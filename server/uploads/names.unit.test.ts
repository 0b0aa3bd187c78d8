import { describe, expect, it } from 'vitest';
import { generatedKey, keepableFilename } from './names.ts';

describe('generatedKey', () => {
  it('puts the time and a random part between the prefix and the extension', () => {
    expect(generatedKey('story-images/covers/', 'png')).toMatch(
      /^story-images\/covers\/\d{13}-[0-9a-f]{8}\.png$/,
    );
    expect(generatedKey('dictionary-imports/', 'dump', 6)).toMatch(
      /^dictionary-imports\/\d{13}-[0-9a-f]{12}\.dump$/,
    );
  });

  it('never gives the same key twice in a row', () => {
    const keys = new Set(Array.from({ length: 100 }, () => generatedKey('story-audio/chapters/new-', 'wav')));
    expect(keys.size).toBe(100);
  });
});

describe('keepableFilename', () => {
  it('keeps a plain name that already has the stored extension, in any letter case', () => {
    expect(keepableFilename('Mi muestra.mp4', 'mp4', 'video')).toBe('Mi muestra.mp4');
    expect(keepableFilename('take.MP4', 'mp4', 'video')).toBe('take.MP4');
  });

  it('drops folders, control and formatting characters, and adds the stored extension', () => {
    expect(keepableFilename('C:\\Users\\me\\take.mov', 'mov', 'video')).toBe('take.mov');
    expect(keepableFilename('../../etc/passwd', 'mp4', 'video')).toBe('passwd.mp4');
    expect(keepableFilename('clip\u202egpj.mp4', 'mp4', 'video')).toBe('clipgpj.mp4');
    expect(keepableFilename('page.html', 'mp4', 'video')).toBe('page.html.mp4');
  });

  it('names a file with nothing left of its name after the fallback', () => {
    expect(keepableFilename(undefined, 'webm', 'video')).toBe('video.webm');
    expect(keepableFilename(' \u0007 ', 'webm', 'video')).toBe('video.webm');
  });

  it('keeps at most 240 characters of the name before its extension', () => {
    expect(keepableFilename('a'.repeat(300), 'mp4', 'video')).toBe(`${'a'.repeat(240)}.mp4`);
  });
});
