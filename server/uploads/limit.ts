// Moved to streams.ts with the rest of the upload pipeline's stream pieces; kept until its last users move.
export { limitBytes } from './streams.ts';
