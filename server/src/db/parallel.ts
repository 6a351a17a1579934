/**
 * Runs the tasks at most `limit` at a time: a call's independent queries side by side, without
 * one call taking the pool's connections that other calls need (the pool has 10, live runs take
 * at most 3 at a time: decision 0059). On PGlite they still run one after another.
 */
export async function inParallel<T extends readonly unknown[]>(limit: number, tasks: { [K in keyof T]: () => Promise<T[K]> }): Promise<T> {
  const results = new Array<unknown>(tasks.length);
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const i = next++;
      results[i] = await tasks[i]!();
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, tasks.length)) }, worker));
  return results as unknown as T;
}

/** How many queries one call runs side by side: on two cores more only made the database and the server compete (measured 1, 2, 3, 6). */
export const CALL_PARALLELISM = 2;
