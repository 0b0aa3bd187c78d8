export { NotFound } from '#web/components/NotFound.tsx';
