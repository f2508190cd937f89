/**
 * Least-recently-used cache bounded by the total size of its values: bytes, or anything that says
 * how many bytes it holds.
 */
export class ByteLruCache<T extends { byteLength: number } = Uint8Array> {
  private readonly entries = new Map<string, T>();
  private size = 0;

  private readonly maxBytes: number;

  constructor(maxBytes: number) {
    this.maxBytes = maxBytes;
  }

  get(key: string): T | undefined {
    const value = this.entries.get(key);
    if (value) {
      // Re-inserting moves the key to the end of the Map's order: the most recently used.
      this.entries.delete(key);
      this.entries.set(key, value);
    }
    return value;
  }

  set(key: string, value: T): void {
    const old = this.entries.get(key);
    if (old) {
      this.entries.delete(key);
      this.size -= old.byteLength;
    }
    if (value.byteLength > this.maxBytes) return;
    this.entries.set(key, value);
    this.size += value.byteLength;
    for (const [oldest, bytes] of this.entries) {
      if (this.size <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.size -= bytes.byteLength;
    }
  }

  getOrCreate(key: string, make: () => T): T {
    let value = this.get(key);
    if (!value) {
      value = make();
      this.set(key, value);
    }
    return value;
  }
}
