/** localStorage with a quota in characters (keys and values), as browsers count it. */
export class QuotaStorage implements Storage {
  readonly items = new Map<string, string>();
  constructor(public quota: number) {}
  get length(): number {
    return this.items.size;
  }
  used(): number {
    let n = 0;
    for (const [k, v] of this.items) n += k.length + v.length;
    return n;
  }
  clear(): void {
    this.items.clear();
  }
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  key(index: number): string | null {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string): void {
    this.items.delete(key);
  }
  setItem(key: string, value: string): void {
    const before = this.items.get(key);
    const grows = key.length + value.length - (before === undefined ? 0 : key.length + before.length);
    if (this.used() + grows > this.quota)
      throw new DOMException(`Setting the value of '${key}' exceeded the quota.`, "QuotaExceededError");
    this.items.set(key, value);
  }
  /** Fills what is left but `leave` characters with one item of another app on the same origin. */
  fill(leave = 0): void {
    this.items.set("other-app", "");
    this.items.set("other-app", "x".repeat(Math.max(0, this.quota - this.used() - leave)));
  }
}
