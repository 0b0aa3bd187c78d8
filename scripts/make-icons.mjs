// Draws the app icons in web/public/icons/ from the artwork of web/public/favicon.svg. Run by hand when the
// logo changes (`node scripts/make-icons.mjs`); the PNGs are committed, the build does not make them.
// Needs rsvg-convert (Debian/Ubuntu: `apt-get install librsvg2-bin`; macOS: `brew install librsvg`).
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const PUBLIC = 'web/public';
const OUT = join(PUBLIC, 'icons');
const favicon = readFileSync(join(PUBLIC, 'favicon.svg'), 'utf8');

// The favicon is a 64×64 rounded teal square (the background) with the sails and hull drawn over it.
const background = /<rect[^>]*fill="(#[0-9a-fA-F]{3,6})"/.exec(favicon)?.[1];
const artwork = [...favicon.matchAll(/<path[^>]*\/>/g)].map((match) => match[0]).join('');
if (!background || !artwork) throw new Error('favicon.svg no longer has the expected <rect> and <path>s.');

// `scale` shrinks the artwork about the centre. Maskable icons keep everything inside the safe zone, a circle
// of 40% of the size around the centre (https://w3c.github.io/manifest/#icon-masks): the farthest point of the
// artwork is 27 units from the centre of the 64 box, so at 0.8 it stays within 22 of the 25.6 allowed.
const svg = ({ rounded, scale }) => {
  const offset = 32 * (1 - scale);
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">',
    `<rect width="64" height="64"${rounded ? ' rx="14"' : ''} fill="${background}"/>`,
    `<g transform="translate(${offset} ${offset}) scale(${scale})">${artwork}</g>`,
    '</svg>',
  ].join('');
};

const icons = [
  // "any": the favicon as drawn, rounded corners on transparency.
  { file: 'icon-192.png', size: 192, rounded: true, scale: 1 },
  { file: 'icon-512.png', size: 512, rounded: true, scale: 1 },
  // "maskable": full bleed, the platform cuts its own shape.
  { file: 'maskable-192.png', size: 192, rounded: false, scale: 0.8 },
  { file: 'maskable-512.png', size: 512, rounded: false, scale: 0.8 },
  // iOS rounds the corners itself and paints transparency black, so the square is full bleed.
  { file: 'apple-touch-icon-180.png', size: 180, rounded: false, scale: 0.9 },
];

mkdirSync(OUT, { recursive: true });
for (const icon of icons) {
  const output = join(OUT, icon.file);
  execFileSync('rsvg-convert', ['-w', String(icon.size), '-h', String(icon.size), '-o', output], {
    input: svg(icon),
  });
  console.info(`${output} (${icon.size}×${icon.size})`);
}
