import path from 'node:path'
import { z } from 'zod'

const postgresUrl = z
  .string()
  .url()
  .refine((v) => /^postgres(ql)?:\/\//.test(v), 'must start with postgres:// or postgresql://')

/** Server configuration (README "Configuration"); parsed once at start, nothing else reads process.env. */
export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATABASE_URL: postgresUrl.optional(),
  DATA_DIR: z.string().min(1).default('./.data'),
  APP_URL: z.string().url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Folder of the built SPA; default apps/web/dist. */
  WEB_DIST: z.string().optional(),
})

export type Env = z.output<typeof envSchema> & { APP_URL: string; DATA_DIR: string }

/**
 * Parses the environment. Empty strings count as unset. DATA_DIR is resolved against the
 * folder npm was started from (INIT_CWD), so `npm start` at the repo root keeps data in ./.data.
 * @throws Error listing every bad variable, e.g. "PORT: Invalid input: expected number".
 */
export function parseEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== ''))
  const result = envSchema.safeParse(cleaned)
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`)
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`)
  }
  const env = result.data
  const base = source.INIT_CWD ?? process.cwd()
  return {
    ...env,
    DATA_DIR: path.resolve(base, env.DATA_DIR),
    APP_URL: env.APP_URL ?? `http://localhost:${env.PORT}`,
  }
}
