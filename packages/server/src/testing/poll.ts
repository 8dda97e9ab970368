/**
 * Calls `attempt` until `done` accepts its result or `timeoutMs` passes, and returns the last result
 * (the caller asserts on it, so a timeout fails with the value seen). For effects that arrive after
 * the call returns, such as a NOTIFY from PostgreSQL.
 */
export async function pollUntil<T>(
  attempt: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 2000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let value = await attempt();
  while (!done(value) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    value = await attempt();
  }
  return value;
}
