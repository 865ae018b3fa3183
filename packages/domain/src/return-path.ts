// No zod here: the web's auth pages import this (docs/decisions/web-bundle.md).

/**
 * A path of this shop to come back to after signing in ("/lists/shared/abc?x=1"): one leading
 * "/", no "//", backslash or control character, at most 2000 characters, so it can never name
 * another site ("//evil.example", "/\\evil.example"); undefined otherwise (issue 26, issue 43 §4).
 */
export function safeReturnPath(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length > 2000) return undefined
  if (!value.startsWith('/') || value.startsWith('//')) return undefined
  // eslint-disable-next-line no-control-regex
  if (/[\\\u0000-\u001f\u007f]/.test(value)) return undefined
  return value
}
