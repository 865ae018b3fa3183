import http from 'node:http'
import type { AddressInfo } from 'node:net'
import type { BuildAppOptions } from '../app.ts'

/** One request the fake endpoint received, in the order they came. */
export interface ChatCompletionsRequest {
  /** The request's path, e.g. `/v1/chat/completions`. */
  path: string
  /** Its Authorization header (`Bearer <LLM_API_KEY>`), '' when there was none. */
  authorization: string
  /** Its JSON body: the model and the prompts (system first, then the user's). */
  body: { model: string; messages: { role: string; content: string }[] }
}

/** Token counts of an answer, as OpenAI reports them. */
export interface ChatCompletionsUsage {
  prompt_tokens: number
  completion_tokens: number
  total_tokens: number
}

/**
 * How the fake answers one request: the assistant message's `content` (HTTP 200, optionally
 * with `usage`, optionally `delayMs` late: past LLM_TIMEOUT_MS to test the timeout), or an
 * HTTP error with its body.
 */
export type ChatCompletionsReply =
  { content: string; usage?: ChatCompletionsUsage; delayMs?: number } | { status: number; body: string }

/** A running fake endpoint: the app settings that point at it, what it was asked, and close(). */
export interface FakeChatCompletions {
  /**
   * LLM_BASE_URL (`http://127.0.0.1:<port>/v1`), LLM_API_KEY `test-key`, LLM_MODEL `fake-model`
   * and LLM_TIMEOUT_MS 300, to spread into buildTestApp's `env`.
   */
  env: Pick<BuildAppOptions['env'], 'LLM_BASE_URL' | 'LLM_API_KEY' | 'LLM_MODEL' | 'LLM_TIMEOUT_MS'>
  /** Every request received so far; tests may empty it (`requests.length = 0`). */
  requests: ChatCompletionsRequest[]
  /** Stops listening; resolves once open connections have ended. */
  close(): Promise<void>
}

/**
 * Starts a fake OpenAI-compatible chat-completions API on 127.0.0.1 (a free port), for tests of
 * the optional LLM pass over recommendations and picks (issues 20 and 22;
 * packages/api/src/services/recommendations/llm-rerank.ts). Any POST is taken as a chat
 * completion: its JSON body is recorded in `requests`, then `reply` decides the answer, which
 * is sent as `{ choices: [{ message: { role: 'assistant', content } }], usage }`.
 * @param reply Called once per request, after it is recorded.
 */
export async function startFakeChatCompletions(
  reply: (request: ChatCompletionsRequest) => ChatCompletionsReply,
): Promise<FakeChatCompletions> {
  const requests: ChatCompletionsRequest[] = []
  const server = http.createServer((req, res) => {
    let raw = ''
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()))
    req.on('end', () => {
      const request: ChatCompletionsRequest = {
        path: req.url ?? '',
        authorization: req.headers.authorization ?? '',
        body: JSON.parse(raw) as ChatCompletionsRequest['body'],
      }
      requests.push(request)
      const answer = reply(request)
      if ('status' in answer) return void res.writeHead(answer.status).end(answer.body)
      const body = JSON.stringify({
        choices: [{ message: { role: 'assistant', content: answer.content } }],
        ...(answer.usage ? { usage: answer.usage } : {}),
      })
      const send = () => res.writeHead(200, { 'content-type': 'application/json' }).end(body)
      if (answer.delayMs === undefined) send()
      else setTimeout(send, answer.delayMs)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    env: {
      LLM_BASE_URL: `http://127.0.0.1:${port}/v1`,
      LLM_API_KEY: 'test-key',
      LLM_MODEL: 'fake-model',
      LLM_TIMEOUT_MS: 300,
    },
    requests,
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  }
}
