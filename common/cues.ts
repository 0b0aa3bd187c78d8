// Timed text files for read-along (issue 23): WebVTT, SRT and LRC, read into cues (a start, an end where the
// format has one, and the words spoken). Pure, so the story editor can preview a file before it is sent and the
// server reads it again when it is saved. A line that cannot be read is reported by its number, never guessed.

/** One timed stretch of the recording: seconds from the start; `end` null when the format gives none (LRC). */
export interface Cue {
  start: number;
  end: number | null;
  text: string;
}

export type CueFormat = 'vtt' | 'srt' | 'lrc';

export interface CueProblem {
  line: number;
  message: string;
}

export interface ReadCues {
  format: CueFormat;
  cues: Cue[];
  problems: CueProblem[];
}

/** The longest timed-text file the editor takes: a chapter's cues fit in far less. */
export const MAX_CUE_FILE_BYTES = 1024 * 1024;

// 00:01:02.500, 01:02.500, 00:01:02,500 (SRT's comma): hours optional, milliseconds one to three digits.
const CLOCK = /^(?:(\d{1,3}):)?([0-5]?\d):([0-5]\d)(?:[.,](\d{1,3}))?$/;
const TIMING = /^\s*(\S+)\s+-->\s+(\S+)/;
// [mm:ss.xx] at a line's start, several for a repeated line; [ar:…] and other tags are metadata.
const LRC_TIME = /\[(\d{1,3}):([0-5]?\d)(?:[.:](\d{1,3}))?\]/g;
const LRC_LINE = /^\s*(?:\[\d{1,3}:[0-5]?\d(?:[.:]\d{1,3})?\])+/;

/** Seconds from a clock such as "00:01:02.500" or "1:02,5"; undefined when it is not one. */
export function parseClock(text: string): number | undefined {
  const match = CLOCK.exec(text.trim());
  if (!match) return undefined;
  const [, hours, minutes, seconds, fraction] = match;
  const milliseconds = fraction ? Number(fraction.padEnd(3, '0')) : 0;
  return Number(hours ?? 0) * 3600 + Number(minutes) * 60 + Number(seconds) + milliseconds / 1000;
}

/** Which format a file's text is in: a WEBVTT header, LRC time tags, or SRT's numbered timings. */
export function cueFormatOf(text: string): CueFormat | undefined {
  const start = text.replace(/^\uFEFF/, '').trimStart();
  if (/^WEBVTT(?:[ \t]|$)/m.test(start.split('\n', 1)[0] ?? '')) return 'vtt';
  if (text.split('\n').some((line) => LRC_LINE.test(line))) return 'lrc';
  if (text.split('\n').some((line) => TIMING.test(line))) return 'srt';
  return undefined;
}

/** Text of a cue as spoken: markup (<v Narrator>, <i>, <00:01.000>) and entities dropped, lines joined. */
function spokenText(lines: string[]): string {
  return lines
    .join(' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/\{\\[^}]*\}/g, '') // SRT's {\an8} positioning
    .replace(/\s+/g, ' ')
    .trim();
}

/** WebVTT and SRT: blocks separated by blank lines, each with a "start --> end" line and the text under it. */
function readBlocks(lines: string[], format: 'vtt' | 'srt'): { cues: Cue[]; problems: CueProblem[] } {
  const cues: Cue[] = [];
  const problems: CueProblem[] = [];
  // WebVTT's header runs to the first blank line.
  let index =
    format === 'vtt'
      ? Math.max(
          0,
          lines.findIndex((line) => line.trim() === ''),
        )
      : 0;
  if (format === 'vtt' && index === 0) index = lines.length;
  while (index < lines.length) {
    while (index < lines.length && (lines[index] ?? '').trim() === '') index += 1;
    const blockStart = index;
    const block: string[] = [];
    while (index < lines.length && (lines[index] ?? '').trim() !== '') block.push(lines[index++] ?? '');
    if (block.length === 0) break;
    if (format === 'vtt' && /^(NOTE|STYLE|REGION)(\s|$)/.test(block[0] ?? '')) continue;
    const timingAt = block.findIndex((line) => line.includes('-->'));
    if (timingAt === -1) {
      problems.push({ line: blockStart + 1, message: 'A block without a "start --> end" line.' });
      continue;
    }
    const match = TIMING.exec(block[timingAt] ?? '');
    const start = match?.[1] === undefined ? undefined : parseClock(match[1]);
    const end = match?.[2] === undefined ? undefined : parseClock(match[2]);
    if (start === undefined || end === undefined || end < start) {
      problems.push({ line: blockStart + timingAt + 1, message: `"${block[timingAt]}" is not a timing.` });
      continue;
    }
    const text = spokenText(block.slice(timingAt + 1));
    if (text !== '') cues.push({ start, end, text });
  }
  return { cues, problems };
}

/** LRC: "[mm:ss.xx]text" lines, the same text at each of a line's times; tags such as [ar:…] skipped. */
function readLrc(lines: string[]): { cues: Cue[]; problems: CueProblem[] } {
  const cues: Cue[] = [];
  const problems: CueProblem[] = [];
  for (const [number, line] of lines.entries()) {
    if (line.trim() === '' || /^\s*\[[a-z]+:[^\]]*\]\s*$/i.test(line)) continue;
    const tags = LRC_LINE.exec(line);
    if (!tags) {
      problems.push({ line: number + 1, message: 'A line without a [mm:ss.xx] time.' });
      continue;
    }
    const text = spokenText([line.slice(tags[0].length)]);
    for (const time of tags[0].matchAll(LRC_TIME)) {
      const [, minutes, seconds, fraction] = time;
      const start =
        Number(minutes) * 60 + Number(seconds) + (fraction ? Number(fraction.padEnd(3, '0')) / 1000 : 0);
      if (text !== '') cues.push({ start, end: null, text });
    }
  }
  return { cues: cues.sort((a, b) => a.start - b.start), problems };
}

/** Reads a timed-text file; undefined when it is none of the three formats. Cues come in time order. */
export function readCues(text: string): ReadCues | undefined {
  const format = cueFormatOf(text);
  if (!format) return undefined;
  const lines = text
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n')
    .split('\n');
  const read = format === 'lrc' ? readLrc(lines) : readBlocks(lines, format);
  return { format, cues: read.cues.sort((a, b) => a.start - b.start), problems: read.problems };
}
