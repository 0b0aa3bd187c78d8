import { describe, expect, it } from 'vitest';
import { canSee, isAdmin, isAdminUser, isLocked, isPaying, isPro } from './rules.ts';
import { type Access, Viewer } from './viewer.ts';

/** A viewer whose role and plan are given, counting how often they are read. */
function viewer(access: Access) {
  const reads = { count: 0 };
  const made = new Viewer('00000000-0000-4000-8000-000000000001', 'learner@example.com', async () => {
    reads.count++;
    return access;
  });
  return { viewer: made, reads };
}

const learner = { isAdmin: false, isPro: false };
const pro = { isAdmin: false, isPro: true };
const admin = { isAdmin: true, isPro: false };

describe('isAdminUser', () => {
  it('holds for a user marked admin, or listed in ADMIN_EMAILS whatever the case of their address', () => {
    expect(isAdminUser({ email: 'a@example.com', isAdmin: true }, [])).toBe(true);
    expect(isAdminUser({ email: 'Boss@Example.com', isAdmin: false }, ['boss@example.com'])).toBe(true);
    expect(isAdminUser({ email: 'a@example.com', isAdmin: false }, ['boss@example.com'])).toBe(false);
  });
});

describe('isPro and isPaying', () => {
  it('count active and trialing subscriptions and a grant by hand as Pro, nothing else', () => {
    expect(isPaying('active')).toBe(true);
    expect(isPaying('trialing')).toBe(true);
    expect(isPaying('past_due')).toBe(false);
    expect(isPro(undefined)).toBe(false);
    expect(isPro({ status: 'canceled', isGrantedPro: true })).toBe(true);
    expect(isPro({ status: 'inactive', isGrantedPro: false })).toBe(false);
  });
});

describe('isAdmin', () => {
  it("answers the viewer's role, read once however often it is asked", async () => {
    const { viewer: boss, reads } = viewer(admin);
    expect(await isAdmin(boss)).toBe(true);
    expect(await isAdmin(boss)).toBe(true);
    expect(reads.count).toBe(1);
    expect(await isAdmin(viewer(pro).viewer)).toBe(false);
  });
});

describe('canSee', () => {
  it('shows a published story to anyone without reading their role', async () => {
    const { viewer: someone, reads } = viewer(learner);
    expect(await canSee(someone, { isPublished: true })).toBe(true);
    expect(await canSee(null, { isPublished: true })).toBe(true);
    expect(reads.count).toBe(0);
  });

  it('shows an unpublished story to admins only', async () => {
    expect(await canSee(viewer(admin).viewer, { isPublished: false })).toBe(true);
    expect(await canSee(viewer(pro).viewer, { isPublished: false })).toBe(false);
    expect(await canSee(null, { isPublished: false })).toBe(false);
  });
});

describe('isLocked', () => {
  it('never locks a free story, and reads no plan for it', async () => {
    const { viewer: someone, reads } = viewer(learner);
    expect(await isLocked(someone, { isFree: true })).toBe(false);
    expect(await isLocked(null, { isFree: true })).toBe(false);
    expect(reads.count).toBe(0);
  });

  it('locks a story not free to everyone but Pro members and admins', async () => {
    expect(await isLocked(viewer(learner).viewer, { isFree: false })).toBe(true);
    expect(await isLocked(null, { isFree: false })).toBe(true);
    expect(await isLocked(viewer(pro).viewer, { isFree: false })).toBe(false);
    expect(await isLocked(viewer(admin).viewer, { isFree: false })).toBe(false);
  });
});
