import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { streamCsv, toRecord } from '../src/import/csv-stream.ts'
import type { CsvRecord } from '../src/import/types.ts'

/** Folder of the importer's test fixtures (see fixtures/README.md). */
export const fixturesDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures')

/** Absolute path of a fixture file. */
export function fixture(name: string): string {
  return path.join(fixturesDir, name)
}

/** Reads a fixture CSV into its header and records, each with the line where it starts. */
export async function readFixture(
  name: string,
): Promise<{ header: string[]; rows: { record: CsvRecord; line: number }[] }> {
  let header: string[] | undefined
  const rows: { record: CsvRecord; line: number }[] = []
  await streamCsv(fixture(name), {
    onMalformed: () => {},
    onRow: ({ fields, line }) => {
      if (!header) header = fields.map((f) => f.trim())
      else rows.push({ record: toRecord(header, fields), line })
    },
  })
  if (!header) throw new Error(`empty fixture ${name}`)
  return { header, rows }
}
