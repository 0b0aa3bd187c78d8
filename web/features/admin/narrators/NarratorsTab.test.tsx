import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApplicantVideo, TeacherApplication } from '#common/schemas/narrators.ts';
import { fakeApi, installFakeApi, pending, renderScreen } from '../testing.tsx';
import { NarratorsTab } from './NarratorsTab.tsx';

const APPLICATIONS = 'GET /api/teacher-applications/';
const VIDEOS = 'GET /api/applicant-video/admin/list/';
const toggleOf = (id: number) => `PATCH /api/teacher-applications/${id}/toggle-contacted/`;
const signedUrlOf = (path: string) =>
  `GET /api/applicant-video/admin/signed-url/?path=${encodeURIComponent(path)}`;

function application(overrides: Partial<TeacherApplication> = {}): TeacherApplication {
  return {
    id: 1,
    form_language: 'es',
    full_name: 'Ana Lima',
    email: 'ana@example.com',
    city_country: 'Lisbon, Portugal',
    native_languages: 'Portuguese, Spanish',
    experience_text: 'Ten years of radio drama.',
    camera_comfortable: true,
    accent_description: '',
    quiet_env: false,
    can_purchase_mic: null,
    willing_submit_sample: true,
    weekly_hours_choice: '5-10',
    desired_hourly_rate: '25 EUR',
    topics_general: true,
    topics_18: false,
    topics_nsfw: true,
    why_catamaran: 'I love stories.',
    fit_for_learners: 'I teach Portuguese.',
    expressive_reading: '',
    anything_else: '',
    contacted: false,
    created_at: '2025-03-04T10:00:00.000Z',
    updated_at: '2025-03-04T10:00:00.000Z',
    ...overrides,
  };
}

function video(overrides: Partial<ApplicantVideo> = {}): ApplicantVideo {
  return {
    id: 5,
    email: 'ana@example.com',
    original_filename: 'sample take.mp4',
    storage_path: 'applicant-videos/ana example/sample take.mp4',
    file_size: 1_572_864,
    created_at: '2025-03-05T09:30:00.000Z',
    ...overrides,
  };
}

let applications: TeacherApplication[];
let videos: ApplicantVideo[];

beforeEach(() => {
  applications = [
    application(),
    application({
      id: 2,
      full_name: 'Chen Wei',
      email: 'chen@example.com',
      form_language: 'zh',
      contacted: true,
      can_purchase_mic: true,
    }),
  ];
  videos = [
    video(),
    video({ id: 6, email: 'chen@example.com', original_filename: 'big.mov', file_size: 524_288_000 }),
  ];
  installFakeApi({
    [APPLICATIONS]: () => Response.json(applications),
    [VIDEOS]: () => Response.json(videos),
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.clearAllMocks();
});

function itemOf(name: string): HTMLElement {
  return screen.getByRole('button', { name: new RegExp(`^${name}`) });
}

/** The value shown under an answer's label in the detail pane. */
function answerOf(pane: HTMLElement, label: string): string {
  const term = within(pane).getByText(label, { selector: 'dt' });
  return term.nextElementSibling?.textContent ?? '';
}

async function openApplication(name: string) {
  const user = userEvent.setup();
  await screen.findByRole('heading', { name: /^Applications \(/ });
  await user.click(itemOf(name));
  const pane = screen.getByRole('region', { name });
  return { user, pane };
}

describe('NarratorsTab: applications', () => {
  it('opens on Applications, with the two sub-tabs', async () => {
    renderScreen(<NarratorsTab />);

    const tabs = within(await screen.findByRole('tablist', { name: 'Teacher sections' })).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Applications', 'Videos']);
    expect(screen.getByRole('tab', { name: 'Applications', selected: true })).toBeDefined();
    expect(await screen.findByRole('heading', { name: 'Applications (2)' })).toBeDefined();
    expect(fakeApi.countOf(VIDEOS)).toBe(0);
  });

  it('lists the applications with a count, their e-mail, form language and the Contacted badge', async () => {
    renderScreen(<NarratorsTab />);

    const list = await screen.findByRole('list', { name: 'Applications (2)' });
    const items = within(list).getAllByRole('button');
    expect(items).toHaveLength(2);
    expect(items[0]?.textContent).toContain('Ana Lima');
    expect(items[0]?.textContent).toContain('ana@example.com');
    expect(items[0]?.textContent).toContain('Spanish');
    expect(items[0]?.textContent).not.toContain('Contacted');
    expect(items[1]?.textContent).toContain('Chinese');
    expect(within(items[1] as HTMLElement).getByText('Contacted')).toBeDefined();
    expect(screen.getByText('Select an application to read its answers.')).toBeDefined();
    expect(items.some((item) => item.getAttribute('aria-current') === 'true')).toBe(false);
  });

  it('shows every answer of the chosen application under readable labels', async () => {
    renderScreen(<NarratorsTab />);
    const { pane } = await openApplication('Ana Lima');

    expect(itemOf('Ana Lima').getAttribute('aria-current')).toBe('true');
    expect(itemOf('Chen Wei').getAttribute('aria-current')).toBeNull();
    expect(within(pane).getByRole('heading', { level: 3, name: 'Ana Lima' })).toBeDefined();
    expect(
      within(pane)
        .getAllByRole('heading', { level: 4 })
        .map((heading) => heading.textContent),
    ).toEqual([
      expect.stringMatching(/^Sample videos/),
      'Basic info',
      'Experience',
      'Technical setup',
      'Other',
      'Short responses',
    ]);
    expect(within(pane).getByRole('link', { name: 'ana@example.com' }).getAttribute('href')).toBe(
      'mailto:ana@example.com',
    );
    expect(answerOf(pane, 'City and country')).toBe('Lisbon, Portugal');
    expect(answerOf(pane, 'Native languages')).toBe('Portuguese, Spanish');
    expect(answerOf(pane, 'Form language')).toBe('Spanish');
    expect(answerOf(pane, 'Submitted')).not.toBe('');
    expect(answerOf(pane, 'Job experience')).toBe('Ten years of radio drama.');
    expect(answerOf(pane, 'Comfortable on camera')).toBe('Yes');
    expect(answerOf(pane, 'Accent')).toBe('Not answered');
    expect(answerOf(pane, 'Quiet place to record')).toBe('No');
    expect(answerOf(pane, 'Could buy a mid-grade microphone')).toBe('Not answered');
    expect(answerOf(pane, 'Willing to submit a sample recording')).toBe('Yes');
    expect(answerOf(pane, 'Weekly hours')).toBe('5 to 10 hours');
    expect(answerOf(pane, 'Desired hourly rate')).toBe('25 EUR');
    const types = within(pane).getByText('Story types', { selector: 'dt' }).nextElementSibling as HTMLElement;
    expect(
      within(types)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['General (all audiences)', 'NSFW (explicit content)']);
    expect(answerOf(pane, 'Why Catamaran')).toBe('I love stories.');
    expect(answerOf(pane, 'Fit for helping learners')).toBe('I teach Portuguese.');
    expect(answerOf(pane, 'Reading aloud with expression')).toBe('Not answered');
    expect(answerOf(pane, 'Anything else')).toBe('Not answered');
    const contacted = within(pane).getByRole('checkbox', { name: 'Contacted' }) as HTMLInputElement;
    expect(contacted.checked).toBe(false);
  });

  it('shows the sample videos sent from the application’s address, in any letter case, each with Download', async () => {
    videos = [
      video(),
      video({ id: 7, email: 'ANA@example.com', original_filename: 'second take.webm', file_size: 3_145_728 }),
      video({ id: 6, email: 'chen@example.com', original_filename: 'big.mov' }),
    ];
    const signed = pending();
    const path = videos[0]?.storage_path ?? '';
    fakeApi.routes[signedUrlOf(path)] = signed.handler;
    const newTab = { opener: null, location: { href: '' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(newTab as unknown as Window);
    renderScreen(<NarratorsTab />);
    const { user, pane } = await openApplication('Ana Lima');

    const section = await within(pane).findByRole('region', { name: 'Sample videos (2)' });
    const items = within(section).getAllByRole('listitem');
    expect(items.map((item) => within(item).getByText(/\.(mp4|webm)$/).textContent)).toEqual([
      'sample take.mp4',
      'second take.webm',
    ]);
    expect(items[0]?.textContent).toContain('1.5 MB');
    expect(within(section).queryByText('big.mov')).toBeNull();

    await user.click(within(section).getByRole('button', { name: 'Download sample take.mp4' }));
    expect(open).toHaveBeenCalledWith('', '_blank');
    signed.answer(Response.json({ url: 'https://bucket.example/v.mp4?sig=1', expires_in: 600 }));
    await vi.waitFor(() => expect(newTab.location.href).toBe('https://bucket.example/v.mp4?sig=1'));
  });

  it('says an applicant has sent no sample video yet', async () => {
    videos = [video({ email: 'someone-else@example.com' })];
    renderScreen(<NarratorsTab />);
    const { pane } = await openApplication('Chen Wei');

    const section = await within(pane).findByRole('region', { name: 'Sample videos (0)' });
    expect(within(section).getByText(/No sample video yet/)).toBeDefined();
    expect(within(section).queryByRole('button')).toBeNull();
  });

  it('switches to another application, whose box shows its own state', async () => {
    renderScreen(<NarratorsTab />);
    const { user } = await openApplication('Ana Lima');

    await user.click(itemOf('Chen Wei'));
    const pane = screen.getByRole('region', { name: 'Chen Wei' });
    expect(answerOf(pane, 'Form language')).toBe('Chinese');
    expect(answerOf(pane, 'Could buy a mid-grade microphone')).toBe('Yes');
    expect((within(pane).getByRole('checkbox', { name: 'Contacted' }) as HTMLInputElement).checked).toBe(
      true,
    );
    expect(screen.queryByRole('region', { name: 'Ana Lima' })).toBeNull();
  });

  it('goes back to the list on a phone, returning the focus to the application', async () => {
    renderScreen(<NarratorsTab />);
    const { user } = await openApplication('Ana Lima');

    // jsdom has no matchMedia, so the tab behaves as on a phone: the answers take the focus.
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 3, name: 'Ana Lima' }));
    await user.click(screen.getByRole('button', { name: 'Back to list' }));
    expect(screen.queryByRole('region', { name: 'Ana Lima' })).toBeNull();
    expect(document.activeElement).toBe(itemOf('Ana Lima'));
  });

  it("ticks 'Contacted': it sends the PATCH, then the box and the list show it", async () => {
    const save = pending();
    fakeApi.routes[toggleOf(1)] = save.handler;
    renderScreen(<NarratorsTab />);
    const { user, pane } = await openApplication('Ana Lima');

    const contacted = within(pane).getByRole('checkbox', { name: 'Contacted' }) as HTMLInputElement;
    await user.click(contacted);
    expect(fakeApi.countOf(toggleOf(1))).toBe(1);
    expect(fakeApi.calls.find((call) => call.key === toggleOf(1))?.init?.body).toBeUndefined();
    expect(contacted.checked).toBe(true);
    expect(contacted.getAttribute('aria-disabled')).toBe('true');
    expect(within(pane).getByRole('status').textContent).toBe('Saving...');
    await user.click(contacted);
    expect(fakeApi.countOf(toggleOf(1))).toBe(1);

    save.answer(Response.json({ ...applications[0], contacted: true }));
    await vi.waitFor(() => expect(contacted.getAttribute('aria-disabled')).toBeNull());
    expect(contacted.checked).toBe(true);
    expect(within(itemOf('Ana Lima')).getByText('Contacted')).toBeDefined();
    expect(within(pane).queryByRole('alert')).toBeNull();
  });

  it("keeps 'Contacted' ticked from the click itself, before the request has started (it never flips back)", async () => {
    const save = pending();
    fakeApi.routes[toggleOf(1)] = save.handler;
    renderScreen(<NarratorsTab />);
    const { pane } = await openApplication('Ana Lima');

    const contacted = within(pane).getByRole('checkbox', { name: 'Contacted' }) as HTMLInputElement;
    // A click as a browser delivers it: React renders at once, before the mutation's own state arrives.
    fireEvent.click(contacted);
    expect(contacted.checked).toBe(true);
    expect(contacted.getAttribute('aria-disabled')).toBe('true');

    save.answer(Response.json({ ...applications[0], contacted: true }));
    await vi.waitFor(() => expect(contacted.getAttribute('aria-disabled')).toBeNull());
    expect(contacted.checked).toBe(true);
  });

  it("shows the server's sentence when the PATCH fails, or 'Unexpected error', and keeps the box as it was", async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    fakeApi.routes[toggleOf(1)] = () => Response.json({ error: 'Application not found' }, { status: 404 });
    renderScreen(<NarratorsTab />);
    const { user, pane } = await openApplication('Ana Lima');

    const contacted = within(pane).getByRole('checkbox', { name: 'Contacted' }) as HTMLInputElement;
    await user.click(contacted);
    expect((await within(pane).findByRole('alert')).textContent).toBe('Application not found');
    expect(contacted.checked).toBe(false);
    expect(within(itemOf('Ana Lima')).queryByText('Contacted')).toBeNull();

    fakeApi.routes[toggleOf(1)] = () => new Response('', { status: 500 });
    await user.click(contacted);
    await vi.waitFor(() => expect(within(pane).getByRole('alert').textContent).toBe('Unexpected error'));
    expect(contacted.checked).toBe(false);
  });

  it("says 'No Applications Yet' with where they come from", async () => {
    applications = [];
    renderScreen(<NarratorsTab />);

    expect(await screen.findByText('No Applications Yet')).toBeDefined();
    expect(screen.getByText(/narrator form at \/apply/)).toBeDefined();
    expect(screen.queryByRole('list')).toBeNull();
  });

  it("says 'Failed to load' (or the server's sentence) and loads again on Retry", async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    fakeApi.routes[APPLICATIONS] = () => Response.json({}, { status: 403 });
    renderScreen(<NarratorsTab />);
    const user = userEvent.setup();

    expect((await screen.findByRole('alert')).textContent).toBe('Failed to load');
    fakeApi.routes[APPLICATIONS] = () =>
      Response.json({ error: 'Only administrators can do this.' }, { status: 403 });
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await vi.waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('Only administrators can do this.'),
    );

    fakeApi.routes[APPLICATIONS] = () => Response.json(applications);
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Applications (2)' })).toBeDefined();
  });

  it('shows a spinner with text while loading', async () => {
    const load = pending();
    fakeApi.routes[APPLICATIONS] = load.handler;
    renderScreen(<NarratorsTab />);

    expect((await screen.findByText('Loading applications...')).closest('[role="status"]')).not.toBeNull();
    load.answer(Response.json([]));
    expect(await screen.findByText('No Applications Yet')).toBeDefined();
  });
});

describe('NarratorsTab: videos', () => {
  it('keeps the sub-tab in the address', async () => {
    const { router } = renderScreen(<NarratorsTab />, '/admin?tab=teachers');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('tab', { name: 'Videos' }));
    expect(router.state.location.search).toBe('?tab=teachers&view=videos');
    expect(await screen.findByRole('heading', { name: 'Video submissions (2)' })).toBeDefined();
    await user.click(screen.getByRole('tab', { name: 'Applications' }));
    expect(router.state.location.search).toBe('?tab=teachers');
  });

  it('lists the submissions with their e-mail, file, size in MB and a Download each', async () => {
    renderScreen(<NarratorsTab />, '/admin?tab=teachers&view=videos');

    const table = await screen.findByRole('table', { name: 'Video submissions' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Email', 'File', 'Size', 'Submitted', 'Actions']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    const first = within(rows[0] as HTMLElement).getAllByRole('cell');
    expect(first.slice(0, 3).map((cell) => cell.textContent)).toEqual([
      'ana@example.com',
      'sample take.mp4',
      '1.5 MB',
    ]);
    expect(within(rows[1] as HTMLElement).getByRole('cell', { name: '500.0 MB' })).toBeDefined();
    expect(screen.getByRole('button', { name: 'Download sample take.mp4' }).textContent).toBe('Download');
    expect(screen.getByRole('button', { name: 'Download big.mov' })).toBeDefined();
    expect(screen.getByText(/Download links expire after 10 minutes/)).toBeDefined();
  });

  it("says 'No submissions yet.'", async () => {
    videos = [];
    renderScreen(<NarratorsTab />, '/admin?view=videos');

    expect(await screen.findByText('No submissions yet.')).toBeDefined();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it("says 'Failed to load' when the list cannot be read", async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    fakeApi.routes[VIDEOS] = () => Response.json({ error: 'Not authorized' }, { status: 403 });
    renderScreen(<NarratorsTab />, '/admin?view=videos');

    expect((await screen.findByRole('alert')).textContent).toBe('Not authorized');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeDefined();
  });

  it('opens a tab at once, then sends it to the signed address, made absolute', async () => {
    const signed = pending();
    const path = videos[0]?.storage_path ?? '';
    fakeApi.routes[signedUrlOf(path)] = signed.handler;
    const newTab = { opener: window as Window | null, location: { href: '' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(newTab as unknown as Window);
    renderScreen(<NarratorsTab />, '/admin?view=videos');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Download sample take.mp4' }));
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(newTab.opener).toBeNull();
    expect(fakeApi.countOf(signedUrlOf(path))).toBe(1);
    expect(signedUrlOf(path)).toContain('path=applicant-videos%2Fana%20example%2Fsample%20take.mp4');
    expect(
      (screen.getByRole('button', { name: 'Download sample take.mp4' }) as HTMLButtonElement).disabled,
    ).toBe(true);

    signed.answer(
      Response.json({ url: '/media/applicant-videos/x.mp4?expires=1&signature=abc', expires_in: 600 }),
    );
    await vi.waitFor(() =>
      expect(newTab.location.href).toBe(
        `${window.location.origin}/media/applicant-videos/x.mp4?expires=1&signature=abc`,
      ),
    );
    expect(newTab.close).not.toHaveBeenCalled();
  });

  it('keeps an absolute (S3) address as it is', async () => {
    const s3 = 'https://bucket.s3.amazonaws.com/v.mp4?X-Amz-Signature=abc';
    fakeApi.routes[signedUrlOf('applicant-videos/big.mov')] = () =>
      Response.json({ url: s3, expires_in: 600 });
    videos = [video({ storage_path: 'applicant-videos/big.mov' })];
    const newTab = { opener: null, location: { href: '' }, close: vi.fn() };
    vi.spyOn(window, 'open').mockReturnValue(newTab as unknown as Window);
    renderScreen(<NarratorsTab />, '/admin?view=videos');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Download sample take.mp4' }));
    await vi.waitFor(() => expect(newTab.location.href).toBe(s3));
  });

  it("closes the tab and alerts 'Unable to get signed URL' when the server cannot be reached", async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const path = videos[0]?.storage_path ?? '';
    fakeApi.routes[signedUrlOf(path)] = () => Promise.reject(new TypeError('Failed to fetch'));
    const newTab = { opener: null, location: { href: '' }, close: vi.fn() };
    vi.spyOn(window, 'open').mockReturnValue(newTab as unknown as Window);
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    renderScreen(<NarratorsTab />, '/admin?view=videos');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Download sample take.mp4' }));
    await vi.waitFor(() => expect(alert).toHaveBeenCalledWith('Unable to get signed URL'));
    expect(newTab.close).toHaveBeenCalled();
    expect(newTab.location.href).toBe('');
  });

  it("closes the tab and shows 'Failed to create signed URL' (or the server's sentence) when the server refuses", async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const path = videos[0]?.storage_path ?? '';
    fakeApi.routes[signedUrlOf(path)] = () => Response.json({ error: 'Video not found' }, { status: 404 });
    const newTab = { opener: null, location: { href: '' }, close: vi.fn() };
    vi.spyOn(window, 'open').mockReturnValue(newTab as unknown as Window);
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    renderScreen(<NarratorsTab />, '/admin?view=videos');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Download sample take.mp4' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Video not found');
    expect(newTab.close).toHaveBeenCalledTimes(1);

    fakeApi.routes[signedUrlOf(path)] = () => Response.json({ expires_in: 600 });
    await user.click(screen.getByRole('button', { name: 'Download sample take.mp4' }));
    await vi.waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Failed to create signed URL'));
    expect(newTab.close).toHaveBeenCalledTimes(2);
    expect(alert).not.toHaveBeenCalled();
  });
});
