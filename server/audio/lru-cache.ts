/** Least-recently-used cache bounded by the total size of its byte values. */
export class ByteLruCache {
  private readonly entries = new Map<string, Uint8Array>();
  private size = 0;

  private readonly maxBytes: number;

  constructor(maxBytes: number) {
    this.maxBytes = maxBytes;
  }

  get(key: string): Uint8Array | undefined {
    const value = this.entries.get(key);
    if (value) {
      // Re-inserting moves the key to the end of the Map's order: the most recently used.
      this.entries.delete(key);
      this.entries.set(key, value);
    }
    return value;
  }

  set(key: string, value: Uint8Array): void {
    const old = this.entries.get(key);
    if (old) {
      this.entries.delete(key);
      this.size -= old.length;
    }
    if (value.length > this.maxBytes) return;
    this.entries.set(key, value);
    this.size += value.length;
    for (const [oldest, bytes] of this.entries) {
      if (this.size <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.size -= bytes.length;
    }
  }

  getOrCreate(key: string, make: () => Uint8Array): Uint8Array {
    let value = this.get(key);
    if (!value) {
      value = make();
      this.set(key, value);
    }
    return value;
  }
}
