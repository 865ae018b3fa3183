import { describe, expect, test } from 'vitest'
import { formatLsn, isReplicaFailure, parseLsn, replicaName } from './replicas.ts'

describe('replica helpers', () => {
  test('LSNs parse to ordered bigints and format back', () => {
    expect(parseLsn('0/0')).toBe(0n)
    expect(parseLsn('16/B374D848')).toBe((0x16n << 32n) + 0xb374d848n)
    expect(parseLsn('1/0')! > parseLsn('0/FFFFFFFF')!).toBe(true)
    expect(formatLsn(parseLsn('16/B374D848')!)).toBe('16/B374D848')
    for (const bad of [null, undefined, '', '16', '16/', 'G/1', '1/2/3', '123456789/1'])
      expect(parseLsn(bad)).toBeUndefined()
  })

  test('a replica’s name never shows its user or password', () => {
    expect(replicaName('postgres://shop:s3cret@db-replica:6432/presently')).toBe('db-replica:6432/presently')
    expect(replicaName('postgres://db/presently')).toBe('db:5432/presently')
  })

  test('connection failures fall back to the primary; errors of the query do not', () => {
    const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code })
    expect(isReplicaFailure(withCode('ECONNREFUSED'))).toBe(true)
    expect(isReplicaFailure(withCode('57P01', 'terminating connection due to administrator command'))).toBe(true)
    expect(isReplicaFailure(withCode('08006'))).toBe(true)
    expect(isReplicaFailure(withCode('40001', 'canceling statement due to conflict with recovery'))).toBe(true)
    expect(isReplicaFailure(new Error('Connection terminated unexpectedly'))).toBe(true)
    expect(isReplicaFailure(withCode('42P01', 'relation "nope" does not exist'))).toBe(false)
    expect(isReplicaFailure(withCode('22P02'))).toBe(false)
    expect(isReplicaFailure('ECONNREFUSED')).toBe(false)
  })
})
