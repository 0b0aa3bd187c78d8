import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SUBMIT_VIDEO_TITLE, SubmitVideoPage } from './SubmitVideoPage.tsx';

type Handler = (url: string) => Response | Promise<Response>;
let startAnswer: Handler;
const fetchMock = vi.fn(async (input: RequestInfo | URL) => startAnswer(String(input)));

/** A stand-in XMLHttpRequest the test drives: it records what was sent and answers when told. */
class FakeUpload {
  static last: FakeUpload | undefined;
  readonly upload = new EventTarget();
  readonly events = new EventTarget();
  method = '';
  url = '';
  body: FormData | undefined;
  status = 0;
  responseText = '';
  constructor() {
    FakeUpload.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader() {}
  addEventListener(type: string, listener: EventListener) {
    this.events.addEventListener(type, listener);
  }
  send(body: FormData) {
    this.body = body;
  }
  abort() {
    this.events.dispatchEvent(new Event('abort'));
  }
  progress(loaded: number, total: number) {
    this.upload.dispatchEvent(
      Object.assign(new Event('progress'), { loaded, total, lengthComputable: true }),
    );
  }
  answer(status: number, body: string) {
    this.status = status;
    this.responseText = body;
    this.events.dispatchEvent(new Event('load'));
  }
  fail() {
    this.events.dispatchEvent(new Event('error'));
  }
}

beforeEach(() => {
  FakeUpload.last = undefined;
  startAnswer = () => Response.json({ upload_path: 'applicant-videos/1-ab-cd.mp4' });
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('XMLHttpRequest', FakeUpload);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

function renderScreen(path = '/submit-video') {
  const router = createMemoryRouter(
    [
      { path: '/submit-video', element: <SubmitVideoPage /> },
      { path: '/apply', element: <p>Apply page</p> },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
}

const video = (name = 'sample.mp4', size = 4 * 1024 * 1024) => {
  const file = new File(['x'], name, { type: 'video/mp4' });
  Object.defineProperty(file, 'size', { value: size });
  return file;
};
const uploadButton = () =>
  screen.getByRole('button', { name: /Upload Video|Uploading…/ }) as HTMLButtonElement;

async function fillIn(user: ReturnType<typeof userEvent.setup>, file = video()) {
  await user.type(screen.getByLabelText(/^Email/), 'ana@example.com');
  await user.upload(screen.getByLabelText('Video file'), file);
}

describe('SubmitVideo', () => {
  it('gives the instructions and the limits, and asks for both the address and the file', async () => {
    const user = userEvent.setup();
    renderScreen();

    expect(document.title).toBe(SUBMIT_VIDEO_TITLE);
    expect(screen.getByText(/Your face should be visible/)).toBeDefined();
    expect(screen.getByText('MP4, WebM, MOV, MKV, AVI or MPEG, up to 500MB.')).toBeDefined();
    await user.click(uploadButton());

    expect(screen.getByRole('alert').textContent).toBe('Email and file are required');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the video with its address and path, shows the bytes sent, then thanks the applicant', async () => {
    const user = userEvent.setup();
    renderScreen();
    await fillIn(user);
    expect(screen.getByText(/Selected: sample\.mp4/)).toBeDefined();

    await user.click(uploadButton());

    expect(String(fetchMock.mock.calls[0]?.[0])).toBe(
      '/api/applicant-video/start/?email=ana%40example.com&filename=sample.mp4&content_type=video%2Fmp4',
    );
    await vi.waitFor(() => expect(FakeUpload.last?.body).toBeDefined());
    const sent = FakeUpload.last as FakeUpload;
    expect(sent.url).toBe('/api/applicant-video/upload/');
    expect([...(sent.body as FormData).keys()]).toEqual(['email', 'path', 'file']);
    expect((sent.body as FormData).get('path')).toBe('applicant-videos/1-ab-cd.mp4');
    expect(uploadButton().textContent).toContain('Uploading…');
    expect(uploadButton().disabled).toBe(true);

    sent.progress(1024 * 1024, 4 * 1024 * 1024);
    expect((await screen.findByText('1.0 MB of 4.0 MB sent (25%)')).textContent).toBeDefined();
    expect(screen.getByRole('progressbar', { name: 'Upload progress' }).getAttribute('aria-valuenow')).toBe(
      '25',
    );

    sent.answer(
      201,
      JSON.stringify({
        id: 1,
        email: 'ana@example.com',
        original_filename: 'sample.mp4',
        storage_path: 'applicant-videos/1-ab-cd.mp4',
        file_size: 4 * 1024 * 1024,
        created_at: '2026-11-25T10:00:00.000Z',
      }),
    );
    expect((await screen.findByRole('status')).textContent).toContain('Upload successful. Thank you!');
  });

  it("shows 'Not authorized' to an address that has not applied, with the way to apply, sending nothing", async () => {
    startAnswer = () => Response.json({ error: 'Not authorized' }, { status: 403 });
    const user = userEvent.setup();
    renderScreen();
    await fillIn(user);

    await user.click(uploadButton());

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Not authorized')).toBeDefined();
    const apply = within(alert).getByRole('link', { name: 'Apply first' });
    expect(apply.getAttribute('href')).toBe('/apply');
    expect(FakeUpload.last).toBeUndefined();

    await user.click(apply);
    expect(await screen.findByText('Apply page')).toBeDefined();
  });

  it.each([
    [
      413,
      '{"error":"The video is too large. Maximum size is 500MB."}',
      'The video is too large. Maximum size is 500MB.',
    ],
    [502, '<html>Bad gateway</html>', 'Upload failed'],
  ])('shows the upload answer %s as a sentence', async (status, body, sentence) => {
    const user = userEvent.setup();
    renderScreen();
    await fillIn(user);
    await user.click(uploadButton());
    await vi.waitFor(() => expect(FakeUpload.last?.body).toBeDefined());

    FakeUpload.last?.answer(status, body);

    expect((await screen.findByRole('alert')).textContent).toBe(sentence);
    expect(uploadButton().disabled).toBe(false);
    expect(screen.getByText(/Selected: sample\.mp4/)).toBeDefined();
  });

  it("shows 'Unexpected error' when the connection fails", async () => {
    const user = userEvent.setup();
    renderScreen();
    await fillIn(user);
    await user.click(uploadButton());
    await vi.waitFor(() => expect(FakeUpload.last?.body).toBeDefined());

    FakeUpload.last?.fail();

    expect((await screen.findByRole('alert')).textContent).toBe('Unexpected error');
  });

  it('refuses a file over 500MB or of another kind before sending anything', async () => {
    const user = userEvent.setup({ applyAccept: false });
    renderScreen();
    await user.type(screen.getByLabelText(/^Email/), 'ana@example.com');

    await user.upload(screen.getByLabelText('Video file'), video('big.mov', 501 * 1024 * 1024));
    expect(screen.getByRole('alert').textContent).toBe('The video is too large. Maximum size is 500MB.');
    expect(screen.getByLabelText('Video file').getAttribute('aria-describedby')).toContain(
      screen.getByRole('alert').id,
    );
    await user.click(uploadButton());
    expect(screen.getByLabelText('Video file')).toBe(document.activeElement);

    await user.upload(
      screen.getByLabelText('Video file'),
      new File(['x'], 'notes.txt', { type: 'text/plain' }),
    );
    expect(screen.getByText('Only MP4, WebM, MOV, MKV, AVI or MPEG videos can be uploaded.')).toBeDefined();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('takes a dropped file, and cancels an upload under way', async () => {
    const user = userEvent.setup();
    renderScreen('/submit-video?email=ana%40example.com');
    const zone = screen
      .getByText('Drag and drop your video here, or choose a file')
      .closest('label') as HTMLElement;
    const dropped = video('dropped.webm');
    zone.dispatchEvent(
      Object.assign(new Event('drop', { bubbles: true }), { dataTransfer: { files: [dropped] } }),
    );
    expect(await screen.findByText(/Selected: dropped\.webm/)).toBeDefined();
    expect((screen.getByLabelText(/^Email/) as HTMLInputElement).value).toBe('ana@example.com');

    await user.click(uploadButton());
    await vi.waitFor(() => expect(FakeUpload.last?.body).toBeDefined());
    await user.click(screen.getByRole('button', { name: 'Cancel' }));

    expect(await screen.findByRole('button', { name: 'Upload Video' })).toBeDefined();
    expect(within(document.body).queryByRole('alert')).toBeNull();
  });
});
