// The bytes a JSON line is read by (json-skip.ts, json-prune.ts), and how deep a value may nest before the line
// is left to JSON.parse whole.

export const MAX_DEPTH = 64;

export const TAB = 0x09;
export const LF = 0x0a;
export const CR = 0x0d;
export const SPACE = 0x20;
export const QUOTE = 0x22;
export const PLUS = 0x2b;
export const COMMA = 0x2c;
export const MINUS = 0x2d;
export const DOT = 0x2e;
export const SLASH = 0x2f;
export const ZERO = 0x30;
export const ONE = 0x31;
export const NINE = 0x39;
export const COLON = 0x3a;
export const UPPER_A = 0x41;
export const UPPER_E = 0x45;
export const UPPER_F = 0x46;
export const OPEN_BRACKET = 0x5b;
export const BACKSLASH = 0x5c;
export const CLOSE_BRACKET = 0x5d;
export const LOWER_A = 0x61;
export const LOWER_B = 0x62;
export const LOWER_E = 0x65;
export const LOWER_F = 0x66;
export const LOWER_L = 0x6c;
export const LOWER_N = 0x6e;
export const LOWER_R = 0x72;
export const LOWER_S = 0x73;
export const LOWER_T = 0x74;
export const LOWER_U = 0x75;
export const LOWER_Z = 0x7a;
export const OPEN_BRACE = 0x7b;
export const CLOSE_BRACE = 0x7d;
