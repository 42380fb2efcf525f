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
  const probe = probeWrite(s);
  if (probe === "ok") return s;
  try {
    return probe === "full" && s.length > 0 ? s : undefined;
  } catch {
    return undefined;
  }
}

/** A small test write to `storage`: taken, refused as over quota ("full"), or refused otherwise. */
export function probeWrite(storage: Storage): "ok" | "full" | "refused" {
  const probe = "addon-studio:probe";
  try {
    storage.setItem(probe, "1");
    storage.removeItem(probe);
    return "ok";
  } catch (e) {
    return isQuotaError(e) ? "full" : "refused";
  }
}
