import { randomBytes } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import { expect, type Page } from '@playwright/test';
import { codeIn, mailFor } from './mail.ts';

/** An address no other test uses: the server sends one mail per address per minute. */
export function uniqueAddress(label: string): string {
  return `${label}-${randomBytes(5).toString('hex')}@example.com`;
}

/** Signs in through /signin with the 6-digit code from the e-mail; ends on / signed in. */
export async function signInWithCode(page: Page, email: string): Promise<void> {
  await page.goto('/signin');
  await page.getByLabel('Email Address').fill(email);
  await page.getByRole('button', { name: 'Send Magic Link' }).click();
  const code = codeIn(await mailFor(email));
  await page.getByLabel('6-digit code').fill(code);
  await page.getByRole('button', { name: 'Sign In with Code' }).click();
  await expect(page).toHaveURL(/\/$/);
}

/** The signed-in person's access token, as the auth client keeps it. */
export async function accessToken(page: Page): Promise<string> {
  const stored = await page.evaluate(() => window.localStorage.getItem('catamaran-auth'));
  const token = (JSON.parse(stored ?? '{}') as { access_token?: string }).access_token;
  if (!token) throw new Error('No session in localStorage.');
  return token;
}

/** A PNG of one colour, larger than the 800 px covers are compressed to. */
export function solidPng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  const row = Buffer.alloc(1 + width * 3);
  for (let x = 0; x < width; x++) row.set([14, 116, 144], 1 + x * 3);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A mono 16-bit PCM WAV of a 440 Hz tone lasting `seconds`, a real audio file for uploads. */
export function toneWav(seconds: number, sampleRate = 8000): Buffer {
  const samples = seconds * sampleRate;
  const data = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i++) {
    data.writeInt16LE(Math.round(Math.sin((2 * Math.PI * 440 * i) / sampleRate) * 8000), i * 2);
  }
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16); // fmt chunk size
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2, 28); // byte rate
  header.writeUInt16LE(2, 32); // block align
  header.writeUInt16LE(16, 34); // bits per sample
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}
