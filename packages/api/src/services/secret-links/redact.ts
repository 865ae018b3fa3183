import { LINK_TOKEN_PATTERN } from '@presently/domain'
import { TOKEN_PATTERN } from '../auth/tokens.ts'

/**
 * Secrets out of the log, by one rule (issue 41, finding 1; docs/decisions/secret-links.md).
 * A secret is recognised by its shape or by its name, never by the route it came on, so a
 * route added tomorrow is covered without being registered here:
 *
 * - **Shape.** Every run of URL-safe characters that is, once percent-decoded, a link token
 *   (22 base64url characters: shared lists, gift exchanges, guests' links) or an email token
 *   (32 base32 characters, any case: reset, confirm, unsubscribe, calendar, sessions).
 * - **Name.** The value of a query parameter, a JSON key or a route parameter whose name says
 *   secret: anything with "token", "secret", "passw" or "passcode" in it, or named code, otp,
 *   state, sig, signature, key or apiKey (an OAuth code and state, a one-time code).
 *
 * Over-redaction is accepted: a 22-character product slug is logged as "[redacted]" too.
 */

/** What a secret is replaced with in the log. */
export const REDACTED = '[redacted]'

/** Final words of a parameter name that make its value a secret (case-insensitive). */
const SECRET_LAST_WORDS = new Set(['code', 'otp', 'state', 'sig', 'signature', 'key', 'apikey'])

/**
 * True when a parameter, JSON key or route parameter of this name holds a secret: "token",
 * "shareToken", "input[0][token]", "password", "code", "state"; not "promoCode", "postcode", "sortKey".
 */
export function isSecretName(name: string): boolean {
  if (/token|secret|passw|passcode/i.test(name)) return true
  const last = /([A-Za-z]+)[^A-Za-z]*$/.exec(name)?.[1]?.toLowerCase()
  return last !== undefined && SECRET_LAST_WORDS.has(last)
}

const PERCENT_RUN = /(?:%[0-9A-Fa-f]{2})+/g

/** One pass of percent-decoding; sequences that are not UTF-8 are kept as they are. */
function decodeOnce(text: string): string {
  return text.replace(PERCENT_RUN, (run) => {
    try {
      return decodeURIComponent(run)
    } catch {
      return run
    }
  })
}

/**
 * The text with every percent-encoding undone, repeatedly (at most 5 passes), as a router or a
 * browser might read it: "/%61pi/shared%2Dlists/%2541..." -> "/api/shared-lists/A...". Used on
 * URLs before the shape rule, so no spelling of a token escapes it; the logged URL is this form.
 */
export function fullyDecode(text: string): string {
  let current = text
  for (let pass = 0; pass < 5 && current.includes('%'); pass++) {
    const next = decodeOnce(current)
    if (next === current) break
    current = next
  }
  return current
}

/**
 * A lower-case snake_case name ("people_name_not_marked", a PostgreSQL constraint in an error
 * line) is 22 URL-safe characters too, but not a link token: 16 random bytes in base64url hold an
 * upper-case letter, a digit or "-" but for a chance of (27/64)^22, about 5 in a billion.
 */
const IDENTIFIER = /^[a-z_]+$/

/** True when `part` (base64url characters only) has the shape of a link or an email token. */
function tokenShaped(part: string): boolean {
  return (LINK_TOKEN_PATTERN.test(part) && !IDENTIFIER.test(part)) || TOKEN_PATTERN.test(part.toLowerCase())
}

/**
 * Runs of URL-safe characters, "%" included so an encoded token is seen whole, of 22 or more
 * (the shortest token): shorter runs cannot hold one.
 */
const RUN = /[A-Za-z0-9_%-]{22,}/g

/** The shape rule over any text: every run that decodes to a token becomes REDACTED. */
function redactShapes(text: string): string {
  return text.replace(RUN, (run) => {
    const decoded = run.includes('%') ? fullyDecode(run) : run
    return decoded.split(/[^A-Za-z0-9_-]+/).some(tokenShaped) ? REDACTED : run
  })
}

/** `?name=value` pairs (also after & and ;) of a URL: the value runs to the next & # or ;. */
const URL_PAIR = /([?&;])([^=&#?;\s"\\]{1,80})=([^&#;]*)/g
/** The same in a log line, where a value also ends at a space, a quote or a backslash. */
const LINE_PAIR = /([?&;])([^=&#?;\s"\\]{1,80})=([^&#;\s"\\]*)/g

/** `?name=value` pairs (also after & and ;) whose name is a secret's: the value goes. */
function redactQueryPairs(text: string, pair: RegExp): string {
  if (!text.includes('=')) return text
  return text.replace(pair, (whole, sep: string, name: string, value: string) =>
    value !== '' && isSecretName(fullyDecode(name)) ? `${sep}${name}=${REDACTED}` : whole,
  )
}

/**
 * A secret key of a log line's own fields: narrower than isSecretName, because a log line's "code"
 * is an error's code (PostgreSQL's "23514"), not an OAuth code.
 */
function isSecretLogKey(name: string): boolean {
  return SECRET_LOG_KEY.test(name)
}
const SECRET_LOG_KEY = /token|secret|passw/i

/**
 * `"name": value` pairs of JSON text whose name is a secret's (`isSecret`): the value becomes
 * "[redacted]".
 */
function redactJsonPairs(text: string, isSecret: (name: string) => boolean = isSecretName): string {
  if (!text.includes('":')) return text
  return text
    .replace(/"([^"\\]{1,80})"(\s*:\s*)("(?:[^"\\]|\\.)*"?|[^,}\]\s"]+)/g, (whole, name: string, colon: string) =>
      isSecret(name) ? `"${name}"${colon}"${REDACTED}"` : whole,
    )
    .replace(
      // The same JSON quoted inside a JSON string (a log line holding an error message that quotes its input).
      /\\"([^"\\]{1,80})\\"(\s*:\s*)(\\"(?:(?!\\").)*(?:\\")?|[^,}\]\s"\\]+)/g,
      (whole, name: string, colon: string) => (isSecret(name) ? `\\"${name}\\"${colon}\\"${REDACTED}\\"` : whole),
    )
}

/**
 * A URL fit for the log: percent-decoded (fullyDecode), then the values of secret-named query
 * parameters and JSON keys (a tRPC `input`) and every token-shaped run replaced by REDACTED.
 * `secretValues` are further values to cut out of the path (the route's secret-named
 * parameters as the router read them; see the server's plugins/secret-urls.ts).
 * @example redactUrl('/reset-password?token=abc') === '/reset-password?token=[redacted]'
 */
export function redactUrl(url: string, secretValues: readonly string[] = []): string {
  let text = fullyDecode(url)
  const queryAt = text.indexOf('?')
  let path = queryAt === -1 ? text : text.slice(0, queryAt)
  const query = queryAt === -1 ? '' : text.slice(queryAt)
  for (const value of secretValues) {
    // A value shorter than 6 characters cannot be a working secret; cutting it would blank
    // unrelated parts of the path ("/a" in "/api").
    if (value.length < 6) continue
    for (const spelling of new Set([value, fullyDecode(value)])) path = path.split(spelling).join(REDACTED)
  }
  text = path + redactJsonPairs(redactQueryPairs(query, URL_PAIR))
  return redactShapes(text)
}

/**
 * True when the query string (or JSON text) `text`, percent-decoded, gives a value to a
 * secret-named parameter or key ("?token=...", a tRPC `input` with {"token": ...}). The shape
 * rule is left out: for choosing an answer's privacy headers, where a catalog name that happens
 * to be 22 characters long must not make a public page private.
 */
export function hasNamedSecret(text: string): boolean {
  const decoded = fullyDecode(text)
  return redactJsonPairs(redactQueryPairs(decoded, URL_PAIR)) !== decoded
}

/**
 * The same rules over one serialized log line (pino's streamWrite hook): the backstop for URLs,
 * error messages and mail links that reach the log by any other way than the request
 * serializer. JSON stays valid: only the inside of strings changes.
 */
export function redactLogLine(line: string): string {
  const paired = redactQueryPairs(line, LINE_PAIR)
  // Most lines name no secret key at all: one test instead of a pass over every key.
  return redactShapes(SECRET_LOG_KEY.test(paired) ? redactJsonPairs(paired, isSecretLogKey) : paired)
}
