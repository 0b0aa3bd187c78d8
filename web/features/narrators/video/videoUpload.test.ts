import { describe, expect, it } from 'vitest';
import { formatMegabytes } from '#common/uploads.ts';
import { ApiError } from '#web/lib/api.ts';
import { problemWithFile, uploadFailureText } from './videoUpload.ts';

const MB = 1024 * 1024;

describe('problemWithFile', () => {
  it('takes the six kinds of video by their names, up to 500MB', () => {
    for (const name of ['a.mp4', 'b.WEBM', 'c.mov', 'd.mkv', 'e.avi', 'f.mpeg', 'g.mpg', 'h.m4v']) {
      expect(problemWithFile({ name, size: MB }), name).toBeUndefined();
    }
    expect(problemWithFile({ name: 'full.mp4', size: 500 * MB })).toBeUndefined();
  });

  it('refuses other kinds, a file over 500MB and an empty one', () => {
    expect(problemWithFile({ name: 'clip.3gp', size: MB })).toBe(
      'Only MP4, WebM, MOV, MKV, AVI or MPEG videos can be uploaded.',
    );
    expect(problemWithFile({ name: 'no-extension', size: MB })).toMatch(/^Only MP4/);
    expect(problemWithFile({ name: 'big.mp4', size: 500 * MB + 1 })).toBe(
      'The video is too large. Maximum size is 500MB.',
    );
    expect(problemWithFile({ name: 'empty.mp4', size: 0 })).toBe('That file is empty.');
  });
});

describe('formatMegabytes', () => {
  it('shows megabytes to one decimal place', () => {
    expect(formatMegabytes(0)).toBe('0.0 MB');
    expect(formatMegabytes(1_572_864)).toBe('1.5 MB');
    expect(formatMegabytes(500 * MB)).toBe('500.0 MB');
  });
});

describe('uploadFailureText', () => {
  it("uses the server's sentence, else the spec's fallbacks", () => {
    expect(uploadFailureText(new ApiError(413, 'The video is too large.', true))).toBe(
      'The video is too large.',
    );
    expect(uploadFailureText(new ApiError(403, 'The server answered 403'))).toBe('Not authorized');
    expect(uploadFailureText(new ApiError(500, 'The server answered 500'))).toBe('Upload failed');
    expect(uploadFailureText(new ApiError(0, 'offline'))).toBe('Unexpected error');
    expect(uploadFailureText(new TypeError('boom'))).toBe('Unexpected error');
  });
});
