import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'

/** One message an {@link SmtpSink} received. */
export interface ReceivedMail {
  from: string
  to: string[]
  /** The raw RFC 5322 message. */
  raw: string
  /** Header lines unfolded, by lower-case name. */
  headers: Record<string, string>
  /** The decoded text/plain part. */
  text: string
  /** The decoded text/html part. */
  html: string
}

export interface SmtpSink {
  port: number
  /** smtp:// URL with the sink's credentials. */
  url: string
  received: ReceivedMail[]
  /** Resolves with the nth message received (counting from 1, default the first) once it arrived. */
  waitFor: (nth?: number) => Promise<ReceivedMail>
  close: () => Promise<void>
}

/**
 * A real SMTP server on 127.0.0.1 for tests (no TLS, AUTH PLAIN/LOGIN with user "shop" and
 * password "secret"): the mailer talks SMTP to it as to a mail provider.
 * @param port 0 (default) picks a free port.
 */
export async function startSmtpSink(port = 0): Promise<SmtpSink> {
  const received: ReceivedMail[] = []
  const waiters: { count: number; resolve: (mail: ReceivedMail) => void }[] = []
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === 'shop' && auth.password === 'secret') callback(null, { user: 'shop' })
      else callback(new Error('Invalid username or password'))
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8')
        const mailFrom = session.envelope.mailFrom
        received.push({
          from: mailFrom ? mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          ...parseMessage(raw),
        })
        for (const waiter of [...waiters]) {
          const mail = received[waiter.count - 1]
          if (mail) {
            waiters.splice(waiters.indexOf(waiter), 1)
            waiter.resolve(mail)
          }
        }
        callback()
      })
    },
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => resolve())
  })
  const actualPort = (server.server.address() as AddressInfo).port
  return {
    port: actualPort,
    url: `smtp://shop:secret@127.0.0.1:${actualPort}`,
    received,
    waitFor: (nth = 1) =>
      new Promise((resolve) => {
        const mail = received[nth - 1]
        if (mail) resolve(mail)
        else waiters.push({ count: nth, resolve })
      }),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}

/** A port nothing listens on (for failed deliveries); briefly binds it to find one. */
export async function unusedPort(): Promise<number> {
  const { createServer } = await import('node:net')
  const probe = createServer()
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', () => resolve()))
  const { port } = probe.address() as AddressInfo
  await new Promise((resolve) => probe.close(resolve))
  return port
}

function decodeQuotedPrintable(body: string): string {
  const bytes = body
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)))
  return Buffer.from(bytes, 'latin1').toString('utf8')
}

/** Splits a MIME entity into unfolded headers (lower-case names) and its body. */
function splitEntity(raw: string): { headers: Record<string, string>; body: string } {
  const separator = /\r?\n\r?\n/.exec(raw)
  const head = separator ? raw.slice(0, separator.index) : raw
  const body = separator ? raw.slice(separator.index + separator[0].length) : ''
  const headers: Record<string, string> = {}
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':')
    if (colon > 0) headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim()
  }
  return { headers, body }
}

function decodeBody(headers: Record<string, string>, body: string): string {
  const encoding = headers['content-transfer-encoding'] ?? ''
  if (/quoted-printable/i.test(encoding)) return decodeQuotedPrintable(body)
  if (/base64/i.test(encoding)) return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
  return body
}

/** Enough MIME for the shop's own mails: unfolded headers and the text and HTML parts. */
function parseMessage(raw: string): Pick<ReceivedMail, 'headers' | 'text' | 'html'> {
  const { headers, body } = splitEntity(raw)
  const parts: { type: string; content: string }[] = []
  const boundary = /boundary="?([^";]+)"?/i.exec(headers['content-type'] ?? '')?.[1]
  if (boundary) {
    for (const chunk of body.split(`--${boundary}`).slice(1)) {
      if (chunk.startsWith('--')) break
      const part = splitEntity(chunk.replace(/^\r?\n/, ''))
      parts.push({ type: part.headers['content-type'] ?? '', content: decodeBody(part.headers, part.body) })
    }
  } else {
    parts.push({ type: headers['content-type'] ?? 'text/plain', content: decodeBody(headers, body) })
  }
  const find = (type: string) => parts.find((p) => p.type.startsWith(type))?.content.replace(/\r?\n$/, '') ?? ''
  return { headers, text: find('text/plain'), html: find('text/html') }
}
