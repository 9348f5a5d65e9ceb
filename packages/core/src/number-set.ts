/**
 * Compact in-memory sets of integers (docs/dialer.md, Build: the campaign build's duplicate checks and
 * its DNC snapshot), with no per-member objects (a JS Set of a million numbers above the small-integer
 * range boxes each one).
 */

/**
 * A set of integers (10-digit phone numbers, or 52-bit hashes of contact ids) in a Float64Array with
 * open addressing: 8 bytes a slot, at most half the slots used, so a million members take 16 MB. 0 is
 * the empty slot, so members are positive integers below 2^53.
 */
export class NumberSet {
  private slots = new Float64Array(1024);
  private count = 0;

  get size() {
    return this.count;
  }

  has(n: number): boolean {
    const { slots } = this;
    const mask = slots.length - 1;
    for (let i = mix(n) & mask; ; i = (i + 1) & mask) {
      const v = slots[i] as number;
      if (v === n) return true;
      if (v === 0) return false;
    }
  }

  add(n: number) {
    if (!(n > 0 && Number.isSafeInteger(n)))
      throw new RangeError(`NumberSet: ${n} is not a positive integer`);
    if ((this.count + 1) * 2 > this.slots.length) this.grow();
    if (place(this.slots, n)) this.count++;
  }

  private grow() {
    const old = this.slots;
    this.slots = new Float64Array(old.length * 2);
    for (const v of old) if (v !== 0) place(this.slots, v);
  }
}

/** Puts n in its slot (linear probing); false when it was there already. */
function place(slots: Float64Array, n: number): boolean {
  const mask = slots.length - 1;
  for (let i = mix(n) & mask; ; i = (i + 1) & mask) {
    const v = slots[i] as number;
    if (v === n) return false;
    if (v === 0) {
      slots[i] = n;
      return true;
    }
  }
}

/** A 32-bit hash of an integer below 2^53 (its low and high words mixed). */
function mix(n: number): number {
  const lo = n >>> 0;
  const hi = (n / 4294967296) >>> 0;
  let h = Math.imul(lo ^ Math.imul(hi, 0x9e3779b1), 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/**
 * A 52-bit hash of a string (two 32-bit FNV-1a variants), never 0: the build's contact-id set stores
 * these, and a hit is confirmed by reading the record (two ids may share a hash; one in 10^4 at 10^6 ids).
 */
export function hashId(id: string): number {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ id.length;
  for (let i = 0; i < id.length; i++) {
    const c = id.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x5bd1e995);
    b ^= b >>> 15;
  }
  return ((a >>> 0) % 1048576) * 4294967296 + (b >>> 0) + 1;
}

/**
 * A sorted, duplicate-free array of integers for membership tests by binary search: 8 bytes a member,
 * built once from what `add` collected (the build's snapshot of the DNC lists).
 */
export class SortedNumbers {
  private values = new Float64Array(1024);
  private length = 0;
  private sorted = true;

  get size() {
    return this.length;
  }

  add(n: number) {
    if (this.length === this.values.length) {
      const bigger = new Float64Array(this.values.length * 2);
      bigger.set(this.values);
      this.values = bigger;
    }
    this.values[this.length++] = n;
    this.sorted = false;
  }

  /** Sorts and drops duplicates, and gives back the unused room. */
  seal() {
    const v = this.values.subarray(0, this.length).sort();
    let w = 0;
    for (let r = 0; r < v.length; r++) if (r === 0 || v[r] !== v[w - 1]) v[w++] = v[r] as number;
    this.values = v.slice(0, w);
    this.length = w;
    this.sorted = true;
  }

  has(n: number): boolean {
    if (!this.sorted) this.seal();
    const v = this.values;
    let lo = 0;
    let hi = this.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const x = v[mid] as number;
      if (x === n) return true;
      if (x < n) lo = mid + 1;
      else hi = mid - 1;
    }
    return false;
  }
}
