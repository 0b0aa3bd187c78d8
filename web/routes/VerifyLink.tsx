export { VerifyLinkPage as VerifyLink } from '#web/features/auth/VerifyLinkPage.tsx';
