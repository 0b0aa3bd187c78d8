// The legacy collection (schema 11) an .apkg holds: its tables and the `col` row, whose JSON columns hold the
// collection's settings, note types, decks and deck options. Anki reads each JSON object with the fields it
// requires (rslib's *Schema11 types): those are all written, with Anki's own defaults.

/** The tables and indexes of a schema 11 collection, as Anki 2.1 created them. */
export const APKG_SCHEMA = `
CREATE TABLE col (
  id integer PRIMARY KEY, crt integer NOT NULL, mod integer NOT NULL, scm integer NOT NULL,
  ver integer NOT NULL, dty integer NOT NULL, usn integer NOT NULL, ls integer NOT NULL,
  conf text NOT NULL, models text NOT NULL, decks text NOT NULL, dconf text NOT NULL, tags text NOT NULL
);
CREATE TABLE notes (
  id integer PRIMARY KEY, guid text NOT NULL, mid integer NOT NULL, mod integer NOT NULL,
  usn integer NOT NULL, tags text NOT NULL, flds text NOT NULL, sfld integer NOT NULL,
  csum integer NOT NULL, flags integer NOT NULL, data text NOT NULL
);
CREATE TABLE cards (
  id integer PRIMARY KEY, nid integer NOT NULL, did integer NOT NULL, ord integer NOT NULL,
  mod integer NOT NULL, usn integer NOT NULL, type integer NOT NULL, queue integer NOT NULL,
  due integer NOT NULL, ivl integer NOT NULL, factor integer NOT NULL, reps integer NOT NULL,
  lapses integer NOT NULL, left integer NOT NULL, odue integer NOT NULL, odid integer NOT NULL,
  flags integer NOT NULL, data text NOT NULL
);
CREATE TABLE revlog (
  id integer PRIMARY KEY, cid integer NOT NULL, usn integer NOT NULL, ease integer NOT NULL,
  ivl integer NOT NULL, lastIvl integer NOT NULL, factor integer NOT NULL, time integer NOT NULL,
  type integer NOT NULL
);
CREATE TABLE graves (usn integer NOT NULL, oid integer NOT NULL, type integer NOT NULL);
CREATE INDEX ix_notes_usn ON notes (usn);
CREATE INDEX ix_cards_usn ON cards (usn);
CREATE INDEX ix_revlog_usn ON revlog (usn);
CREATE INDEX ix_cards_nid ON cards (nid);
CREATE INDEX ix_cards_sched ON cards (did, queue, due);
CREATE INDEX ix_revlog_cid ON revlog (cid);
CREATE INDEX ix_notes_csum ON notes (csum);
`;

/**
 * The note type's id: fixed, so that every export names the same note type and a second import finds the one
 * the first made (a millisecond time, as Anki makes its ids: 2025-04-18).
 */
export const NOTE_TYPE_ID = 1_745_000_000_000;
export const NOTE_TYPE_NAME = 'Catamaran word';
export const NOTE_FIELDS = ['Word', 'Reading', 'Meaning', 'Sentence'] as const;

/** The card: the word on the front; its reading, meaning and sentence (the parts it has) on the back. */
export const CARD_TEMPLATE = {
  name: 'Word → meaning',
  qfmt: '<div class="word" dir="auto">{{Word}}</div>',
  afmt: [
    '{{FrontSide}}',
    '<hr id="answer">',
    '{{#Reading}}<div class="reading">{{Reading}}</div>{{/Reading}}',
    '{{#Meaning}}<div class="meaning">{{Meaning}}</div>{{/Meaning}}',
    '{{#Sentence}}<div class="sentence" dir="auto">{{Sentence}}</div>{{/Sentence}}',
  ].join('\n'),
};

// No colours: Anki's night mode keeps its own, and a bold word stands out in either.
const CSS = `.card { font-family: system-ui, sans-serif; font-size: 20px; text-align: center; }
.word { font-size: 2em; }
.reading { opacity: 0.75; }
.meaning { margin-top: 0.75em; }
.sentence { margin-top: 1em; font-size: 0.9em; }`;

/** A deck with its id, as the collection lists it. */
export interface DeckOfNotes {
  id: number;
  language: string;
  name: string;
}

const DEFAULT_DECK_ID = 1;
const DEFAULT_OPTIONS_ID = 1;

function noteType(deck: number, modified: number) {
  return {
    id: NOTE_TYPE_ID,
    name: NOTE_TYPE_NAME,
    type: 0,
    mod: modified,
    usn: -1,
    sortf: 0,
    did: deck,
    tmpls: [{ ...CARD_TEMPLATE, ord: 0, bqfmt: '', bafmt: '', did: null, bfont: '', bsize: 0 }],
    flds: NOTE_FIELDS.map((name, ord) => ({
      name,
      ord,
      sticky: false,
      rtl: false,
      font: 'Arial',
      size: 20,
      media: [],
    })),
    css: CSS,
    latexPre:
      '\\documentclass[12pt]{article}\n\\special{papersize=3in,5in}\n\\usepackage[utf8]{inputenc}\n' +
      '\\usepackage{amssymb,amsmath}\n\\pagestyle{empty}\n\\setlength{\\parindent}{0in}\n\\begin{document}\n',
    latexPost: '\\end{document}',
    latexsvg: false,
    // The card is made when the Word field is filled: every note has one.
    req: [[0, 'all', [0]]],
    tags: [],
    vers: [],
  };
}

function deck(id: number, name: string, modified: number) {
  return {
    id,
    name,
    mod: modified,
    usn: -1,
    desc: id === DEFAULT_DECK_ID ? '' : 'Words you saved while reading on Catamaran.',
    dyn: 0,
    conf: DEFAULT_OPTIONS_ID,
    collapsed: false,
    browserCollapsed: false,
    extendNew: 0,
    extendRev: 0,
    newToday: [0, 0],
    revToday: [0, 0],
    lrnToday: [0, 0],
    timeToday: [0, 0],
  };
}

/** Anki's default deck options (the only options group: an importing Anki keeps the learner's own). */
function deckOptions(modified: number) {
  return {
    id: DEFAULT_OPTIONS_ID,
    name: 'Default',
    mod: modified,
    usn: 0,
    maxTaken: 60,
    autoplay: true,
    timer: 0,
    replayq: true,
    dyn: false,
    new: { bury: false, delays: [1, 10], initialFactor: 2500, ints: [1, 4, 0], order: 1, perDay: 20 },
    rev: { bury: false, ease4: 1.3, ivlFct: 1, maxIvl: 36500, perDay: 200, hardFactor: 1.2 },
    lapse: { delays: [10], leechAction: 1, leechFails: 8, minInt: 1, mult: 0 },
  };
}

/**
 * The `col` row's values after its id, in column order (crt, mod, scm, then ver, dty, usn and ls are written
 * by the insert, then conf, models, decks, dconf, tags): the decks given and Anki's Default deck, which every
 * collection has.
 */
export function collectionRow(decks: readonly DeckOfNotes[], noteCount: number, now: Date) {
  const seconds = Math.floor(now.getTime() / 1000);
  const dayStart = Math.floor(seconds / 86_400) * 86_400;
  const first = decks[0]?.id ?? DEFAULT_DECK_ID;
  const config = {
    activeDecks: [first],
    curDeck: first,
    curModel: String(NOTE_TYPE_ID),
    nextPos: noteCount + 1,
    estTimes: true,
    dueCounts: true,
    newSpread: 0,
    collapseTime: 1200,
    timeLim: 0,
    sortType: 'noteFld',
    sortBackwards: false,
    addToCur: true,
  };
  const allDecks = [{ id: DEFAULT_DECK_ID, name: 'Default' }, ...decks];
  return [
    dayStart,
    now.getTime(),
    now.getTime(),
    JSON.stringify(config),
    JSON.stringify({ [NOTE_TYPE_ID]: noteType(first, seconds) }),
    JSON.stringify(Object.fromEntries(allDecks.map(({ id, name }) => [id, deck(id, name, seconds)]))),
    JSON.stringify({ [DEFAULT_OPTIONS_ID]: deckOptions(seconds) }),
    '{}',
  ];
}
