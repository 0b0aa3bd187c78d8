/** The first message of a failed schema check, preferring the one the spec names for missing fields. */
export function firstIssue(issues: readonly { message: string }[], required: string): string {
  if (issues.some((issue) => issue.message === required)) return required;
  return issues[0]?.message ?? required;
}
