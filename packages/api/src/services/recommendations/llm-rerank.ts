import { applyLlmAnswer, buildLlmPrompts, type LlmPrompts, type Recommendation } from '@presently/recommender'

/**
 * An OpenAI-compatible chat-completions endpoint (LLM_BASE_URL, LLM_API_KEY, LLM_MODEL;
 * apps/server env.ts). Optional: without it the built-in answer stands alone.
 */
export interface LlmConfig {
  /** Base URL up to the API version, e.g. "https://api.openai.com/v1"; /chat/completions is appended. */
  baseUrl: string
  apiKey: string
  model: string
  /** Give up and keep the built-in answer after this many milliseconds (default 4000). */
  timeoutMs: number
  temperature: number
  maxTokens: number
  /** Replaces global fetch (tests). */
  fetch?: typeof fetch
}

export const LLM_DEFAULTS = { timeoutMs: 4000, temperature: 0.2, maxTokens: 600 } as const

/** What the re-ranking did, for debugInfo (spec account-area §3). */
export interface LlmOutcome {
  recommendations: Recommendation[]
  model: string
  temperature: number
  maxTokens: number
  prompts: LlmPrompts
  rawResponse: string | null
  /** Milliseconds until the answer (or the failure). */
  responseTime: number
  tokenUsage: { promptTokens: number | null; completionTokens: number | null; totalTokens: number | null } | null
  /** Why the built-in order was kept, when it was. */
  error: string | null
  dropped: string[]
}

interface ChatCompletion {
  choices?: { message?: { content?: unknown } }[]
  usage?: { prompt_tokens?: unknown; completion_tokens?: unknown; total_tokens?: unknown }
}

const numberOrNull = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null)

/** One chat-completions exchange: the model's message content, or why there is none. */
export interface ChatOutcome {
  /** The first choice's message content; null when `error` says why there is none. */
  content: string | null
  /** The endpoint's answer (up to 2,000 characters) when it was not usable, else the content. */
  rawResponse: string | null
  /** Milliseconds until the answer (or the failure). */
  responseTime: number
  tokenUsage: LlmOutcome['tokenUsage']
  error: string | null
}

/**
 * POSTs `prompts` to {baseUrl}/chat/completions (OpenAI-compatible; bearer LLM_API_KEY, the
 * configured model, temperature and max_tokens) and reads the first choice's content. A timeout
 * (`timeoutMs`), a non-2xx answer, a network error, an answer that is not JSON or has no message
 * content give `content: null` and `error` saying which. Never throws. Shared by the category
 * re-ranking (issue 12) and the picks' reordering (issue 20).
 */
export async function chatCompletion(config: LlmConfig, prompts: LlmPrompts): Promise<ChatOutcome> {
  const started = performance.now()
  const failed = (error: string, rawResponse: string | null = null, tokenUsage: ChatOutcome['tokenUsage'] = null) => ({
    content: null,
    rawResponse,
    responseTime: performance.now() - started,
    tokenUsage,
    error,
  })
  const controller = new AbortController()
  const timer = setTimeout(() => controller.abort(), config.timeoutMs)
  let raw: string
  try {
    const response = await (config.fetch ?? fetch)(`${config.baseUrl.replace(/\/+$/, '')}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${config.apiKey}` },
      body: JSON.stringify({
        model: config.model,
        temperature: config.temperature,
        max_tokens: config.maxTokens,
        messages: [
          { role: 'system', content: prompts.system },
          { role: 'user', content: prompts.user },
        ],
      }),
      signal: controller.signal,
    })
    raw = await response.text()
    if (!response.ok) return failed(`HTTP ${response.status}`, raw.slice(0, 2000))
  } catch (err) {
    const timedOut = controller.signal.aborted
    return failed(timedOut ? `timed out after ${config.timeoutMs} ms` : `request failed: ${(err as Error).message}`)
  } finally {
    clearTimeout(timer)
  }
  let completion: ChatCompletion
  try {
    completion = JSON.parse(raw) as ChatCompletion
  } catch {
    return failed('the endpoint did not answer JSON', raw.slice(0, 2000))
  }
  const usage = completion.usage
    ? {
        promptTokens: numberOrNull(completion.usage.prompt_tokens),
        completionTokens: numberOrNull(completion.usage.completion_tokens),
        totalTokens: numberOrNull(completion.usage.total_tokens),
      }
    : null
  const content = completion.choices?.[0]?.message?.content
  if (typeof content !== 'string') return failed('no message content in the answer', raw.slice(0, 2000), usage)
  return { content, rawResponse: content, responseTime: performance.now() - started, tokenUsage: usage, error: null }
}

/**
 * Asks the model to reorder the engine's top candidates and rewrite their reasoning (issue 12):
 * the system and user prompts of buildLlmPrompts through chatCompletion. The reply is validated
 * (applyLlmAnswer: zod; categories not among the candidates are dropped; the engine's order
 * fills the rest). On any failure of chatCompletion or a reply that is not the expected JSON, the
 * engine's own first `count` stand and `error` says why. Never throws.
 */
export async function rerankWithLlm(
  config: LlmConfig,
  summary: string,
  candidates: readonly Recommendation[],
  count: number,
): Promise<LlmOutcome> {
  const prompts = buildLlmPrompts(summary, candidates, count)
  const base = { model: config.model, temperature: config.temperature, maxTokens: config.maxTokens, prompts }
  const chat = await chatCompletion(config, prompts)
  const outcome = {
    ...base,
    rawResponse: chat.rawResponse,
    responseTime: chat.responseTime,
    tokenUsage: chat.tokenUsage,
  }
  if (chat.content === null) {
    return { ...outcome, recommendations: candidates.slice(0, count), error: chat.error, dropped: [] }
  }
  try {
    const applied = applyLlmAnswer(chat.content, candidates, count)
    return { ...outcome, recommendations: applied.recommendations, error: null, dropped: applied.dropped }
  } catch (err) {
    return {
      ...outcome,
      recommendations: candidates.slice(0, count),
      error: `invalid answer: ${(err as Error).message.slice(0, 300)}`,
      dropped: [],
    }
  }
}
