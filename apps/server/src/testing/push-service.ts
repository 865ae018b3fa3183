import { execFileSync } from 'node:child_process'
import { once } from 'node:events'
import { mkdtempSync, readFileSync } from 'node:fs'
import https from 'node:https'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'

/** One request the test push service received. */
export interface PushedRequest {
  path: string
  encoding: string | undefined
  authorization: string | undefined
  ttl: string | undefined
  bytes: number
}

/** A local https push service for tests and e2e (issue 39): records what it receives. */
export interface TestPushService {
  origin: string
  /** PEM file of its self-signed certificate (PUSH_TEST_CA_FILE). */
  caFile: string
  ca: Buffer
  received: PushedRequest[]
  /** Paths answered 410 Gone (a subscription the browser dropped). */
  gone: Set<string>
  close: () => Promise<void>
}

/**
 * A self-signed certificate for 127.0.0.1 (openssl; P-256, one day) in `dir`: key.pem and
 * cert.pem. The e2e config makes it before the server starts (PUSH_TEST_CA_FILE), the test serves with it.
 */
export function makeTestPushCertificate(dir: string): { keyFile: string; certFile: string } {
  const keyFile = path.join(dir, 'key.pem')
  const certFile = path.join(dir, 'cert.pem')
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      keyFile,
      '-out',
      certFile,
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
    ],
    { stdio: 'ignore' },
  )
  return { keyFile, certFile }
}

/**
 * Starts a push service on https://127.0.0.1:<port> with a fresh self-signed certificate (openssl,
 * 127.0.0.1 as its subject alternative name). It answers 201 Created, or 410 Gone for the paths in
 * `gone`, and records each request's path and the headers web push sends (Content-Encoding
 * aes128gcm, Authorization vapid ..., TTL).
 */
export async function startTestPushService(
  options: { port?: number; keyFile?: string; certFile?: string } = {},
): Promise<TestPushService> {
  const { keyFile, certFile: caFile } =
    options.keyFile && options.certFile
      ? { keyFile: options.keyFile, certFile: options.certFile }
      : makeTestPushCertificate(mkdtempSync(path.join(os.tmpdir(), 'presently-push-')))
  const ca = readFileSync(caFile)
  const received: PushedRequest[] = []
  const gone = new Set<string>()
  const server = https.createServer({ key: readFileSync(keyFile), cert: ca }, (req, res) => {
    let bytes = 0
    req.on('data', (chunk: Buffer) => (bytes += chunk.length))
    req.on('end', () => {
      received.push({
        path: req.url ?? '',
        encoding: req.headers['content-encoding'],
        authorization: req.headers.authorization,
        ttl: req.headers.ttl as string | undefined,
        bytes,
      })
      res.statusCode = gone.has(req.url ?? '') ? 410 : 201
      res.end()
    })
  })
  server.listen(options.port ?? 0, '127.0.0.1')
  await once(server, 'listening')
  const origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    origin,
    caFile,
    ca,
    received,
    gone,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}
