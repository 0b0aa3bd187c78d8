import type { FastifyInstance } from 'fastify';
import * as words from '#common/endpoints/words.ts';
import { chosenEncoding } from '#server/http/accept-encoding.ts';
import { route } from '#server/http/contract.ts';
import { HttpError } from '#server/http/errors.ts';
import { listAllLanguages } from '#server/languages/service.ts';
import { viewerOf } from '#server/policies/viewer.ts';
import { savedWordsAnswer, WordsAnswerCache } from './answers.ts';
import { apkgFileName, savedWordsApkg } from './apkg.ts';
import { csvFileName, savedWordsCsv } from './csv.ts';
import { presentWord } from './present.ts';
import { deleteSavedWord, listSavedWords, saveWord } from './service.ts';

/**
 * The learner's saved words (learner.md §7): saving a looked-up word counts it; the list is newest first unless
 * sorted otherwise (issue 22), and can be filtered, deleted from and downloaded as CSV or as an Anki deck.
 */
export async function wordRoutes(app: FastifyInstance): Promise<void> {
  // Saved offline (decision 084): dated when it was saved.
  route(app, words.saveWord, async ({ body, offline }, request, reply) => {
    const { userId } = viewerOf(request);
    const { word, isCreated } = await saveWord(offline.db, userId, body, offline.occurredAt);
    if (isCreated) reply.status(201);
    return presentWord(word);
  });

  // The finished answers, kept while each learner's list is unchanged (answers.ts): compressed here, once.
  const answers = new WordsAnswerCache();
  route(
    app,
    words.listWords,
    async ({ query }, request, reply) => {
      const { userId } = viewerOf(request);
      // Brotli when the browser takes it, as the compression plugin chooses: a kept list is compressed once.
      const encoding = chosenEncoding(request.headers, 'br');
      const answer = await savedWordsAnswer(app, answers, { userId, filter: query, encoding });
      // As the compression plugin sends it; route() sends the bytes as JSON.
      if (answer.encoding !== 'identity') {
        reply.header('Content-Encoding', answer.encoding).header('Vary', 'accept-encoding');
      }
      return answer.bytes;
    },
    { compress: false },
  );

  route(app, words.deleteWord, async ({ ids }, request) => {
    const { userId } = viewerOf(request);
    await deleteSavedWord(app.db, userId, ids.id, words.WORD_NOT_FOUND);
  });

  route(app, words.exportWords, async ({ query }, request, reply) => {
    const { userId } = viewerOf(request);
    const csv = savedWordsCsv(await listSavedWords(app, userId, query));
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${csvFileName(query.language)}"`)
      .header('cache-control', 'no-store')
      .send(csv);
  });

  route(app, words.exportWordsAnki, async ({ query }, request, reply) => {
    const { userId } = viewerOf(request);
    const listed = await listSavedWords(app, userId, query);
    if (listed.length > words.MAX_ANKI_WORDS) throw new HttpError(400, words.ANKI_DECK_TOO_LARGE);
    // The decks are named by the languages' English names ("Catamaran — Spanish"), an inactive one's too.
    const names = new Map((await listAllLanguages(app.db)).map((language) => [language.code, language.name]));
    const apkg = await savedWordsApkg(listed, names, query.language);
    return reply
      .type('application/apkg')
      .header('content-disposition', `attachment; filename="${apkgFileName(query.language)}"`)
      .header('cache-control', 'no-store')
      .send(Buffer.from(apkg.buffer, apkg.byteOffset, apkg.byteLength));
  });
}
