import http from 'node:http'
import https from 'node:https'
import type { Duplex } from 'node:stream'
import type { TcpNetConnectOpts } from 'node:net'
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from 'request-filtering-agent'
import type { TestAllowList } from './test-allow-list.ts'

type ConnectionListener = (error: Error | null, socket: Duplex) => void

/**
 * The agents every outside fetch connects through. request-filtering-agent checks the address
 * of the connection itself: an IP literal before connecting, a name in the socket's own DNS
 * lookup (every address it answers, so a name that resolves to 10.0.0.1 or to both a public
 * and a private address is refused), which is the address the socket then uses: no gap
 * between a check and a second lookup (DNS rebinding). Anything ipaddr.js does not call
 * "unicast" is refused: loopback, private, linkLocal, uniqueLocal, multicast, unspecified,
 * reserved, carrier-grade NAT, broadcast, IPv4-mapped IPv6 and the 6to4/Teredo/NAT64 forms.
 * Only the exact host:port pairs of a test-only allow-list skip the check. No keep-alive, so
 * every request makes (and checks) its own connection.
 */
export function guardedAgents(allowList?: TestAllowList): { http: http.Agent; https: https.Agent } {
  class GuardedHttpAgent extends RequestFilteringHttpAgent {
    override createConnection(options: TcpNetConnectOpts, listener?: ConnectionListener) {
      if (allowList?.allowsSocket(options.host, options.port)) {
        return (http.Agent.prototype as unknown as PlainAgent).createConnection.call(this, options, listener)
      }
      return super.createConnection(options, listener)
    }
  }
  class GuardedHttpsAgent extends RequestFilteringHttpsAgent {
    override createConnection(options: TcpNetConnectOpts, listener?: ConnectionListener) {
      if (allowList?.allowsSocket(options.host, options.port)) {
        return (https.Agent.prototype as unknown as PlainAgent).createConnection.call(this, options, listener)
      }
      return super.createConnection(options, listener)
    }
  }
  const options = { keepAlive: false, allowPrivateIPAddress: false, allowMetaIPAddress: false }
  return { http: new GuardedHttpAgent(options), https: new GuardedHttpsAgent(options) }
}

interface PlainAgent {
  createConnection(this: unknown, options: TcpNetConnectOpts, listener?: ConnectionListener): Duplex
}

/** True when `error` is request-filtering-agent's refusal of an address. */
export function isAddressRefusal(error: unknown): boolean {
  return error instanceof Error && /is not allowed\. Because/.test(error.message)
}
