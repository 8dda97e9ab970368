import { connect } from 'nats';

/** The NATS (with JetStream) the suites use: TEST_NATS_URL or the local default. */
export const TEST_NATS_URL = process.env.TEST_NATS_URL ?? 'nats://127.0.0.1:4222';

/**
 * Whether NATS answers at TEST_NATS_URL. On a developer machine its absence skips the NATS tests after a
 * loud banner; in CI (CI=true) it is a failure.
 */
export async function natsReachable(): Promise<boolean> {
  try {
    const nc = await connect({ servers: TEST_NATS_URL, timeout: 1500, reconnect: false });
    await nc.close();
    return true;
  } catch {
    if (process.env.CI === 'true' || process.env.CI === '1')
      throw new Error(`CI needs NATS with JetStream at ${TEST_NATS_URL} (set TEST_NATS_URL)`);
    console.warn(`\n!!! SKIPPING the NATS tests: nothing answers at ${TEST_NATS_URL} (set TEST_NATS_URL).\n`);
    return false;
  }
}
