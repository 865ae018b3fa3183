import { appendFileSync, writeFileSync } from 'node:fs'
import { SMTPServer } from 'smtp-server'

/** One received mail as the tests read it (a JSON line of the capture file). */
export interface CapturedMail {
  to: string[]
  from: string
  subject: string
  /** The decoded text/plain part (the whole body for single-part mails). */
  text: string
  /** Every http(s) link of the text part, in order. */
  links: string[]
  receivedAt: string
}

/**
 * A real SMTP server on 127.0.0.1 for the e2e run: the shop's mailer delivers to it over plain
 * SMTP (no STARTTLS offered, no AUTH required: SMTP_URL=smtp://127.0.0.1:<port>), and every
 * message is appended to `file` as one JSON line, which the test workers read.
 */
export async function startSmtpCapture(port: number, file: string): Promise<{ close: () => Promise<void> }> {
  writeFileSync(file, '')
  const server = new SMTPServer({
    // Plain SMTP on loopback: nodemailer upgrades with STARTTLS whenever it is offered.
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8')
        const { headers, text } = parseMessage(raw)
        const mail: CapturedMail = {
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          subject: decodeEncodedWords(headers.subject ?? ''),
          text,
          links: [...text.matchAll(/https?:\/\/[^\s<>"')\]]+/g)].map((m) => m[0]),
          receivedAt: new Date().toISOString(),
        }
        appendFileSync(file, `${JSON.stringify(mail)}\n`)
        callback()
      })
    },
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => resolve())
  })
  return { close: () => new Promise((resolve) => server.close(() => resolve())) }
}

/** Splits a MIME entity into unfolded headers (lower-case names) and its body. */
function splitEntity(raw: string): { headers: Record<string, string>; body: string } {
  const separator = /\r?\n\r?\n/.exec(raw)
  const head = separator ? raw.slice(0, separator.index) : raw
  const body = separator ? raw.slice(separator.index + separator[0].length) : ''
  const headers: Record<string, string> = {}
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':')
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim()
  }
  return { headers, body }
}

function decodeBody(headers: Record<string, string>, body: string): string {
  const encoding = headers['content-transfer-encoding'] ?? ''
  if (/quoted-printable/i.test(encoding)) {
    const latin1 = body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)))
    return Buffer.from(latin1, 'latin1').toString('utf8')
  }
  if (/base64/i.test(encoding)) return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
  return body
}

/** Enough MIME for the shop's mails: the headers and the first text/plain part, nested or not. */
function parseMessage(raw: string): { headers: Record<string, string>; text: string } {
  const { headers, body } = splitEntity(raw)
  return { headers, text: findText(headers, body) ?? '' }
}

function findText(headers: Record<string, string>, body: string): string | undefined {
  const type = headers['content-type'] ?? 'text/plain'
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1]
  if (!boundary) return /^text\/plain/i.test(type) ? decodeBody(headers, body).replace(/\r?\n$/, '') : undefined
  for (const chunk of body.split(`--${boundary}`).slice(1)) {
    if (chunk.startsWith('--')) break
    const part = splitEntity(chunk.replace(/^\r?\n/, ''))
    const text = findText(part.headers, part.body)
    if (text !== undefined) return text
  }
  return undefined
}

/** RFC 2047 encoded words (=?UTF-8?Q?...?= and =?UTF-8?B?...?=) in a header. */
function decodeEncodedWords(value: string): string {
  return value.replace(/=\?([^?]+)\?([QB])\?([^?]*)\?=/gi, (_m, _charset: string, kind: string, data: string) =>
    kind.toUpperCase() === 'B'
      ? Buffer.from(data, 'base64').toString('utf8')
      : Buffer.from(
          data
            .replace(/_/g, ' ')
            .replace(/=([0-9A-F]{2})/gi, (_x, hex: string) => String.fromCharCode(parseInt(hex, 16))),
          'latin1',
        ).toString('utf8'),
  )
}
