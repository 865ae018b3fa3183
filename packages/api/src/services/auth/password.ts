import { hash, verify, type Options } from '@node-rs/argon2'

/**
 * argon2id with the OWASP Password Storage Cheat Sheet's first profile (19 MiB, 2 passes,
 * 1 lane): about 20-40 ms per hash here. 2 is `Algorithm.Argon2id`, a const enum that
 * isolatedModules cannot import.
 */
const ARGON2_OPTIONS: Options = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 }

/** Hashes a password; the result is a PHC string ("$argon2id$v=19$m=19456,t=2,p=1$..."). */
export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS)
}

/** True when `password` matches the stored PHC string; false for a malformed hash. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password)
  } catch {
    return false
  }
}

let dummyHash: Promise<string> | undefined

/**
 * Spends the same time as {@link verifyPassword} against a real hash and answers false, so a
 * login for an unknown email (or an account without a password) cannot be told apart by timing.
 */
export async function verifyDummyPassword(password: string): Promise<false> {
  dummyHash ??= hashPassword('presently-dummy-password-for-timing')
  await verifyPassword(await dummyHash, password)
  return false
}
