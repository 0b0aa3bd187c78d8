// The import's line worker (server/dictionary/dictionary-import-worker.ts), bundled beside the import child
// (import.mjs) as dictionary-import-worker.mjs, where server/dictionary/lines-off-thread.ts looks for it.
import '../../server/dictionary/dictionary-import-worker.ts';
