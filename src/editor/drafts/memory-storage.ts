/** A Storage kept in memory, used when the browser refuses localStorage (private modes, policies). */
export class MemoryStorage implements Storage {
  private items = new Map<string, string>();
  get length(): number {
    return this.items.size;
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
    this.items.set(key, String(value));
  }
}

/** True when `e` is the browser's "storage is full" error (QuotaExceededError; code 22 in older engines). */
export function isQuotaError(e: unknown): boolean {
  return e instanceof DOMException && (e.name === "QuotaExceededError" || e.code === 22);
}

/**
 * The browser's localStorage if it can be used, else undefined. Storage that is full is still used:
 * the drafts in it can be read (and deleted to make room), and each failed save says so. Only an
 * empty storage that takes nothing (a zero quota, as private modes had) counts as refused.
 */
export function usableLocalStorage(): Storage | undefined {
  let s: Storage;
  try {
    s = window.localStorage;
  } catch {
    return undefined;
  }
  const probe = "addon-studio:probe";
  try {
    s.setItem(probe, "1");
    s.removeItem(probe);
    return s;
  } catch (e) {
    try {
      return isQuotaError(e) && s.length > 0 ? s : undefined;
    } catch {
      return undefined;
    }
  }
}
