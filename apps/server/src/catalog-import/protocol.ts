import type { ImportJobOptions, ImportSummary } from '@presently/db/import'

/** What the server sends its catalog-import child, once (docs/decisions/catalog-jobs-process.md). */
export interface ChildImportRequest {
  /** postgres:// URL of the shop's database (IPC only: never argv, never a log line). */
  databaseUrl: string
  options: ImportJobOptions
}

/** The child's one answer: the import's summary, or its error as plain data. */
export type ChildImportReply =
  | { kind: 'done'; summary: ImportSummary }
  | {
      kind: 'failed'
      error: { name: string; message: string; code?: string; committed?: number }
    }
