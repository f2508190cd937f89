/**
 * A seeded pseudo-random source (mulberry32): tiny, fast and the same on every platform,
 * so one seed always yields the same catalog.
 */
export class Random {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)] as T;
  }

  /** One of the keys, with probability proportional to its weight. */
  weighted<T>(choices: readonly (readonly [T, number])[]): T {
    let total = 0;
    for (const [, weight] of choices) total += weight;
    let roll = this.next() * total;
    for (const [value, weight] of choices) {
      roll -= weight;
      if (roll < 0) return value;
    }
    return (choices[choices.length - 1] as readonly [T, number])[0];
  }

  /** k distinct items of pool (partial Fisher-Yates; pool is reordered in place, which is harmless). */
  sample<T>(pool: T[], k: number): T[] {
    const count = Math.min(k, pool.length);
    for (let i = 0; i < count; i++) {
      const j = i + Math.floor(this.next() * (pool.length - i));
      const swap = pool[i] as T;
      pool[i] = pool[j] as T;
      pool[j] = swap;
    }
    return pool.slice(0, count);
  }
}
