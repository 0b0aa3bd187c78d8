import { describe, expect, it } from 'vitest';
import { judgeLock } from './orphan.ts';

describe('judgeLock', () => {
  it('finds the folder free when no live postmaster holds it', () => {
    expect(judgeLock({ postmasterPid: undefined, parentPid: undefined, ownerPid: 4321 })).toEqual({
      kind: 'free',
    });
  });

  it('refuses a cluster whose recorded Catamaran is still its parent', () => {
    expect(judgeLock({ postmasterPid: 100, parentPid: 4321, ownerPid: 4321 })).toEqual({
      kind: 'owned',
      pid: 100,
      ownerPid: 4321,
    });
  });

  it('stops a cluster whose recorded Catamaran died: its parent is now init or a subreaper', () => {
    expect(judgeLock({ postmasterPid: 100, parentPid: 1, ownerPid: 4321 })).toEqual({
      kind: 'orphan',
      pid: 100,
    });
    expect(judgeLock({ postmasterPid: 100, parentPid: 77, ownerPid: 4321 })).toEqual({
      kind: 'orphan',
      pid: 100,
    });
  });

  it('without an owner file, stops only a cluster handed to init', () => {
    expect(judgeLock({ postmasterPid: 100, parentPid: 1, ownerPid: undefined })).toEqual({
      kind: 'orphan',
      pid: 100,
    });
    expect(judgeLock({ postmasterPid: 100, parentPid: 55, ownerPid: undefined })).toMatchObject({
      kind: 'owned',
    });
  });

  it('refuses when the parent cannot be told', () => {
    expect(judgeLock({ postmasterPid: 100, parentPid: undefined, ownerPid: 4321 })).toMatchObject({
      kind: 'owned',
    });
  });
});
