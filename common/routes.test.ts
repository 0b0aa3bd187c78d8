import { describe, expect, it } from 'vitest';
import { isClientRoute } from './routes.ts';

describe('isClientRoute', () => {
  it('knows every screen of the route table, with or without a trailing slash', () => {
    for (const path of [
      '/',
      '/signin',
      '/signup/',
      '/story/42',
      '/read/4/7',
      '/admin/story/9',
      '/submit-video',
    ]) {
      expect(isClientRoute(path), path).toBe(true);
    }
  });

  it('rejects paths outside it', () => {
    for (const path of ['/nope', '/story', '/story/1/2', '/read/4', '/admin/stories', '/signin/extra']) {
      expect(isClientRoute(path), path).toBe(false);
    }
  });
});
