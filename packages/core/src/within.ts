/**
 * A promise that settles with `work`'s value, or with `fallback()` once `ms` have passed, whichever comes
 * first. `work` is not cancelled: the caller closes what it holds (a socket) or leaves it to finish.
 */
export function within<T>(work: Promise<T>, ms: number, fallback: () => T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<T>((resolve) => {
    timer = setTimeout(() => resolve(fallback()), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}
