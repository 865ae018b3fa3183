/**
 * Compact "first line of" tables for the importer's duplicate checks (issue 24: a 1,000,000-row
 * feed within 300 MB). A JavaScript Map of a million feed ids (strings) or affiliate ids (10-digit
 * numbers, each a heap object beyond 2^31) took ~250 MB of heap; these keep the keys in typed
 * arrays (open addressing, linear probing, grown at half full): about 24 bytes an affiliate id,
 * and the id's UTF-8 bytes plus 16 bytes a feed id. Exact: keys are compared, not just hashed.
 */

const EMPTY = 0
const MIN_CAPACITY = 1024

/** 32-bit mix of an integer-valued double (safe integers, so the high word fits in 21 bits). */
function hashNumber(value: number): number {
  const low = value >>> 0
  const high = Math.floor(value / 4294967296) >>> 0
  let h = Math.imul(low ^ Math.imul(high, 0x9e3779b1), 0x85ebca6b)
  h ^= h >>> 13
  h = Math.imul(h, 0xc2b2ae35)
  return (h ^ (h >>> 16)) >>> 0
}

/**
 * The first line of each non-negative safe integer (an affiliate id): `get` then `set`, like a
 * Map<number, number> of lines.
 */
export class LineByNumber {
  private keys = new Float64Array(MIN_CAPACITY)
  private lines = new Int32Array(MIN_CAPACITY)
  private count = 0
  /** The line of key 0 (the empty slot's marker in `keys`). */
  private zeroLine: number | undefined

  /** The line stored for `key` (a non-negative safe integer), or undefined. */
  get(key: number): number | undefined {
    if (key === 0) return this.zeroLine
    const mask = this.keys.length - 1
    for (let slot = hashNumber(key) & mask; ; slot = (slot + 1) & mask) {
      const stored = this.keys[slot] as number
      if (stored === EMPTY) return undefined
      if (stored === key) return this.lines[slot]
    }
  }

  /**
   * Stores `line` for `key` unless it has one.
   *
   * @throws RangeError when `key` is not a non-negative safe integer.
   */
  set(key: number, line: number): void {
    if (!(key >= 0 && Number.isSafeInteger(key))) throw new RangeError(`${key} is not a non-negative safe integer`)
    if (key === 0) {
      if (this.zeroLine === undefined) this.count++
      this.zeroLine ??= line
      return
    }
    if ((this.count + 1) * 2 > this.keys.length) this.grow()
    const mask = this.keys.length - 1
    for (let slot = hashNumber(key) & mask; ; slot = (slot + 1) & mask) {
      const stored = this.keys[slot] as number
      if (stored === key) return
      if (stored === EMPTY) {
        this.keys[slot] = key
        this.lines[slot] = line
        this.count++
        return
      }
    }
  }

  get size(): number {
    return this.count
  }

  private grow(): void {
    const { keys, lines } = this
    this.keys = new Float64Array(keys.length * 2)
    this.lines = new Int32Array(keys.length * 2)
    this.count = this.zeroLine === undefined ? 0 : 1
    for (let i = 0; i < keys.length; i++) if (keys[i] !== EMPTY) this.set(keys[i] as number, lines[i] as number)
  }
}

/** FNV-1a over a string's UTF-16 code units. */
function hashString(text: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193)
  return h >>> 0
}

/**
 * The first line of each string (a feed id): `get` then `set`, like a Map<string, number> of
 * lines. The strings are kept as UTF-8 bytes in one growing buffer.
 */
export class LineByString {
  /** Entry index + 1 per slot (0: empty). */
  private slots = new Int32Array(MIN_CAPACITY)
  private hashes = new Uint32Array(MIN_CAPACITY / 2)
  private starts = new Int32Array(MIN_CAPACITY / 2)
  private ends = new Int32Array(MIN_CAPACITY / 2)
  private lines = new Int32Array(MIN_CAPACITY / 2)
  private count = 0
  private bytes = Buffer.allocUnsafe(64 * 1024)
  private used = 0

  /** The line stored for `key`, or undefined. */
  get(key: string): number | undefined {
    const entry = this.find(key, hashString(key))
    return entry < 0 ? undefined : this.lines[entry]
  }

  /** Stores `line` for `key` unless it has one. */
  set(key: string, line: number): void {
    const hash = hashString(key)
    if (this.find(key, hash) >= 0) return
    if ((this.count + 1) * 2 > this.slots.length) this.grow()
    const entry = this.count++
    if (entry >= this.lines.length) this.growEntries()
    this.hashes[entry] = hash
    this.lines[entry] = line
    this.starts[entry] = this.used
    this.writeKey(key)
    this.ends[entry] = this.used
    this.insertSlot(entry, hash)
  }

  get size(): number {
    return this.count
  }

  /** Entry index of `key`, or -1. */
  private find(key: string, hash: number): number {
    const mask = this.slots.length - 1
    let length = -1
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const stored = this.slots[slot] as number
      if (stored === 0) return -1
      const entry = stored - 1
      if (this.hashes[entry] !== hash) continue
      if (length < 0) {
        // The key's bytes, written past the used part (where set keeps them when it is new).
        this.reserve(key.length * 3)
        length = this.bytes.write(key, this.used, 'utf8')
      }
      const start = this.starts[entry] as number
      const end = this.ends[entry] as number
      if (end - start === length && this.bytes.compare(this.bytes, this.used, this.used + length, start, end) === 0) {
        return entry
      }
    }
  }

  private writeKey(key: string): void {
    this.reserve(key.length * 3)
    this.used += this.bytes.write(key, this.used, 'utf8')
  }

  /** Makes room for `extra` more bytes after the used part. */
  private reserve(extra: number): void {
    if (this.used + extra <= this.bytes.length) return
    const next = Buffer.allocUnsafe(Math.max(this.bytes.length * 2, this.used + extra))
    this.bytes.copy(next, 0, 0, this.used)
    this.bytes = next
  }

  private insertSlot(entry: number, hash: number): void {
    const mask = this.slots.length - 1
    let slot = hash & mask
    while (this.slots[slot] !== 0) slot = (slot + 1) & mask
    this.slots[slot] = entry + 1
  }

  private grow(): void {
    this.slots = new Int32Array(this.slots.length * 2)
    for (let entry = 0; entry < this.count; entry++) this.insertSlot(entry, this.hashes[entry] as number)
  }

  private growEntries(): void {
    const size = this.lines.length * 2
    const widen = <T extends Int32Array | Uint32Array>(array: T, make: (n: number) => T): T => {
      const next = make(size)
      next.set(array)
      return next
    }
    this.hashes = widen(this.hashes, (n) => new Uint32Array(n))
    this.starts = widen(this.starts, (n) => new Int32Array(n))
    this.ends = widen(this.ends, (n) => new Int32Array(n))
    this.lines = widen(this.lines, (n) => new Int32Array(n))
  }
}
