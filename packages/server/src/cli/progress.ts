import cliProgress from 'cli-progress';

/**
 * A progress bar on `stream` (the CLI passes stderr, so stdout stays clean for scripts); plain periodic lines
 * when it is not a TTY; nothing without a stream.
 */
export function progressBar(label: string, stream: NodeJS.WritableStream | undefined) {
  if (!stream) return { update: (_done: number, _total: number) => {}, stop: () => {} };
  const bar = new cliProgress.SingleBar(
    {
      format: `${label.padEnd(18)} [{bar}] {percentage}% | {value}/{total} | {duration_formatted}`,
      stream,
      noTTYOutput: true,
      notTTYSchedule: 2000,
      hideCursor: true,
    },
    cliProgress.Presets.shades_classic,
  );
  let started = false;
  return {
    update(done: number, total: number) {
      if (!started) {
        bar.start(total, 0);
        started = true;
      }
      bar.setTotal(total);
      bar.update(done);
    },
    stop() {
      if (started) bar.stop();
    },
  };
}
