import type { FastifyInstance, FastifyRequest } from 'fastify'
import { listOutbox } from '@presently/email'
import type { Db } from '@presently/db'

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c)

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1'])

/**
 * True for a request made on this machine: a loopback connection that no proxy forwarded. The
 * outbox holds every mail's links (password resets included), so a server left in development
 * mode on a public address must not show it to others: they get the 404 of an unknown page.
 */
function fromThisMachine(request: FastifyRequest): boolean {
  const forwarded = request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined
  return LOOPBACK.has(request.socket.remoteAddress ?? '') && !forwarded
}

/**
 * GET /dev/outbox (development only, never registered when NODE_ENV=production): the latest
 * mails, newest first, with their recipients, subjects and links, so a developer without an
 * SMTP server can follow a confirmation or reset link; under each, its HTML as the mail shows it
 * (a sandboxed iframe's srcdoc: no script, no same-origin access) and its text body (issue 26).
 * Only to requests from this machine (fromThisMachine): 404 to any other.
 * The page's own CSP allows only that: inline styles and https/data images of the mails.
 */
export function registerOutboxPage(app: FastifyInstance, db: Db): void {
  app.get('/dev/outbox', async (request, reply) => {
    if (!fromThisMachine(request)) return reply.callNotFound()
    const mails = await listOutbox(db)
    const rows = mails
      .map(
        (m) => `<tr>
  <td>${escapeHtml(m.createdAt.toISOString().replace('T', ' ').slice(0, 19))}</td>
  <td>${escapeHtml(m.toAddress)}</td>
  <td>${escapeHtml(m.subject)}</td>
  <td>${escapeHtml(m.status)}</td>
  <td>${m.links.map((l) => `<a href="${escapeHtml(l)}">${escapeHtml(l)}</a>`).join('<br>')}</td>
</tr>
<tr class="body">
  <td colspan="5">
    <details>
      <summary>Show the mail: ${escapeHtml(m.subject)}</summary>
      <div class="bodies">
        <iframe sandbox title="HTML of ${escapeHtml(m.subject)}" srcdoc="${escapeHtml(m.html)}"></iframe>
        <pre aria-label="Text of ${escapeHtml(m.subject)}">${escapeHtml(m.text)}</pre>
      </div>
    </details>
  </td>
</tr>`,
      )
      .join('\n')
    const html = `<!doctype html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<title>Outbox</title>
<style>
  body { font-family: system-ui, sans-serif; margin: 2rem; color: #1f2937; }
  table { border-collapse: collapse; width: 100%; }
  th, td { border-bottom: 1px solid #e5e7eb; padding: .5rem; text-align: left; vertical-align: top; font-size: .9rem; }
  td:last-child { word-break: break-all; }
  tr.body td { border-bottom: 2px solid #d1d5db; word-break: normal; }
  .bodies { display: grid; grid-template-columns: minmax(0, 3fr) minmax(0, 2fr); gap: 1rem; margin-top: .5rem; }
  iframe { width: 100%; height: 32rem; border: 1px solid #e5e7eb; background: #fff; }
  pre { white-space: pre-wrap; margin: 0; font-size: .8rem; background: #f9fafb; padding: .5rem; max-height: 32rem; overflow: auto; }
  @media (max-width: 48rem) { .bodies { grid-template-columns: 1fr; } }
</style>
</head>
<body>
<h1>Outbox</h1>
<p>${mails.length === 1 ? 'The latest email' : `The latest ${mails.length} emails, newest first`} (development only; set SMTP_URL to send them for real).</p>
<table>
<thead><tr><th>Created (UTC)</th><th>To</th><th>Subject</th><th>Status</th><th>Links</th></tr></thead>
<tbody>
${rows || '<tr><td colspan="5">No emails yet.</td></tr>'}
</tbody>
</table>
</body>
</html>`
    return reply
      .header('cache-control', 'no-store')
      .header(
        'content-security-policy',
        "default-src 'none'; style-src 'unsafe-inline'; img-src https: data:; frame-src 'self'; frame-ancestors 'none'",
      )
      .type('text/html; charset=utf-8')
      .send(html)
  })
}
