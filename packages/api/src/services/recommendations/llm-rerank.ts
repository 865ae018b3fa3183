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

/**
 * Asks the model to reorder the engine's top candidates and rewrite their reasoning (issue 12):
 * POST {baseUrl}/chat/completions with the system and user prompts of buildLlmPrompts, bearer
 * LLM_API_KEY. The reply is validated (applyLlmAnswer: zod; categories not among the candidates
 * are dropped; the engine's order fills the rest). On a timeout, a non-2xx answer, a network
 * error or a reply that is not the expected JSON, the engine's own first `count` stand and
 * `error` says why. Never throws.
 */
export async function rerankWithLlm(
  config: LlmConfig,
  summary: string,
  candidates: readonly Recommendation[],
  count: number,
): Promise<LlmOutcome> {
  const prompts = buildLlmPrompts(summary, candidates, count)
  const started = performance.now()
  const base = {
    model: config.model,
    temperature: config.temperature,
    maxTokens: config.maxTokens,
    prompts,
  }
  const fallback = (error: string, rawResponse: string | null = null, tokenUsage: LlmOutcome['tokenUsage'] = null) => ({
    ...base,
    recommendations: candidates.slice(0, count),
    rawResponse,
    responseTime: performance.now() - started,
    tokenUsage,
    error,
    dropped: [],
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
    if (!response.ok) return fallback(`HTTP ${response.status}`, raw.slice(0, 2000))
  } catch (err) {
    const timedOut = controller.signal.aborted
    return fallback(timedOut ? `timed out after ${config.timeoutMs} ms` : `request failed: ${(err as Error).message}`)
  } finally {
    clearTimeout(timer)
  }
  let completion: ChatCompletion
  try {
    completion = JSON.parse(raw) as ChatCompletion
  } catch {
    return fallback('the endpoint did not answer JSON', raw.slice(0, 2000))
  }
  const usage = completion.usage
    ? {
        promptTokens: numberOrNull(completion.usage.prompt_tokens),
        completionTokens: numberOrNull(completion.usage.completion_tokens),
        totalTokens: numberOrNull(completion.usage.total_tokens),
      }
    : null
  const content = completion.choices?.[0]?.message?.content
  if (typeof content !== 'string') return fallback('no message content in the answer', raw.slice(0, 2000), usage)
  try {
    const applied = applyLlmAnswer(content, candidates, count)
    return {
      ...base,
      recommendations: applied.recommendations,
      rawResponse: content,
      responseTime: performance.now() - started,
      tokenUsage: usage,
      error: null,
      dropped: applied.dropped,
    }
  } catch (err) {
    return fallback(`invalid answer: ${(err as Error).message.slice(0, 300)}`, content, usage)
  }
}
