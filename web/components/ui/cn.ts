export type ClassValue = string | false | null | undefined | 0;

/**
 * Joins class names, skipping falsy ones: `cn('a', isOn && 'b')`. It does not resolve conflicting Tailwind
 * utilities, so a caller's `className` should add to a component's classes rather than fight them.
 */
export function cn(...classes: ClassValue[]): string {
  return classes.filter(Boolean).join(' ');
}
