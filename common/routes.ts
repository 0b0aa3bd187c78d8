import { type PathParams, pathOf } from './contract.ts';

/**
 * The screens of the single-page app (spec/learner.md §2). The web router is built from these paths, and the
 * server answers a path outside this table with the app's shell and a 404 status.
 */
export const CLIENT_ROUTES = {
  landing: '/',
  signIn: '/signin',
  signUp: '/signup',
  /** Where an e-mailed magic link lands; the page verifies the link with a POST (a mail scanner's GET does not use it up). */
  signInVerify: '/signin/verify',
  account: '/account',
  dashboard: '/dashboard',
  story: '/story/:storyId',
  reader: '/read/:storyId/:chapterId',
  admin: '/admin',
  adminStory: '/admin/story/:storyId',
  words: '/words',
  progress: '/progress',
  apply: '/apply',
  feedback: '/feedback',
  submitVideo: '/submit-video',
} as const;

export type ClientRouteName = keyof typeof CLIENT_ROUTES;

/** A screen's address with its parameters filled in (`screenPath('reader', { storyId, chapterId })`). */
export function screenPath<Name extends ClientRouteName>(
  name: Name,
  params: PathParams<(typeof CLIENT_ROUTES)[Name]>,
): string {
  return pathOf(CLIENT_ROUTES[name], params);
}

const patterns = Object.values(CLIENT_ROUTES).map(
  (path) => new RegExp(`^${path.replace(/:[A-Za-z]+/g, '[^/]+')}/?$`),
);

/** True when the path (without query or fragment) names a screen of the route table. */
export function isClientRoute(pathname: string): boolean {
  return patterns.some((pattern) => pattern.test(pathname));
}
