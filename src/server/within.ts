// A wait bounded in time, for store and platform work an answer must not hang on.

/** What a promise came to within `ms`: its value, its failure, or nothing yet (it goes on unawaited). */
export type Within<T> =
  | { done: true; ok: true; value: T }
  | { done: true; ok: false; error: unknown }
  | { done: false };

export async function within<T>(promise: Promise<T>, ms: number | undefined): Promise<Within<T>> {
  const settled = promise.then(
    (value): Within<T> => ({ done: true, ok: true, value }),
    (error: unknown): Within<T> => ({ done: true, ok: false, error }),
  );
  if (ms === undefined) return settled;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<Within<T>>((resolve) => {
    timer = setTimeout(() => resolve({ done: false }), ms);
  });
  try {
    return await Promise.race([settled, late]);
  } finally {
    clearTimeout(timer);
  }
}
