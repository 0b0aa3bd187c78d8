export { LandingPage as Landing } from '#web/features/landing/LandingPage.tsx';
