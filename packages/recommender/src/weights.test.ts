import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { SIGNALS } from './weights.ts'

const doc = readFileSync(
  path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../docs/decisions/recommendations.md'),
  'utf8',
)

describe('the weights table', () => {
  it('in docs/decisions/recommendations.md is the one the engine uses', () => {
    const rows = [...doc.matchAll(/^\| `(\w+)`\s*\| ([\d.]+)\s*\| `(\w+)`\s*\| ([\d.]+)\s*\| ([\d.]+)\s*\|/gm)].map(
      (m) => ({
        key: m[1],
        weight: Number(m[2]),
        scale: m[3],
        evidence: Number(m[4]),
        fullAt: Number(m[5]),
      }),
    )
    expect(rows).toEqual(
      Object.entries(SIGNALS).map(([key, s]) => ({
        key,
        weight: s.weight,
        scale: s.scale,
        evidence: s.evidence,
        fullAt: s.fullAt,
      })),
    )
  })
})
