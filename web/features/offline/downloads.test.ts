import { describe, expect, it } from 'vitest';
import { ApiError } from '#web/lib/api.ts';
import { DOWNLOAD_TEXT, failureSentence } from './downloads.ts';

describe('failureSentence', () => {
  it('says the device is full, in words a learner reads', () => {
    expect(failureSentence(new DOMException('Quota exceeded.', 'QuotaExceededError'))).toBe(
      DOWNLOAD_TEXT.noSpace,
    );
  });

  it("gives the server's own sentence, and ours for a server out of reach", () => {
    expect(
      failureSentence(new ApiError(403, 'This story is for Pro members. Upgrade to read it.', true)),
    ).toBe('This story is for Pro members. Upgrade to read it.');
    expect(failureSentence(new ApiError(0, 'Could not reach the server.'))).toBe(DOWNLOAD_TEXT.failed);
  });

  it('keeps its own sentences, and never shows a programming error', () => {
    expect(failureSentence(new Error(DOWNLOAD_TEXT.file))).toBe(DOWNLOAD_TEXT.file);
    expect(failureSentence(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(
      DOWNLOAD_TEXT.failed,
    );
  });
});
