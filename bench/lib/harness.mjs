import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const serverEntry = path.join(root, 'packages/server/dist/server.js');
export const cliEntry = path.join(root, 'packages/server/dist/cli/index.js');

export const settings = {
  duration: Number(process.env.BENCH_DURATION ?? 10),
  warmup: Number(process.env.BENCH_WARMUP ?? 3),
  connections: Number(process.env.BENCH_CONNECTIONS ?? 16),
};

export function log(message) {
  process.stderr.write(`[bench ${new Date().toISOString().slice(11, 19)}] ${message}\n`);
}

let nextPort = 21_000 + Math.floor(Math.random() * 10_000);

/** Starts a server process and waits until `readyPath` answers 200. */
export async function startProcess(name, args, env, readyPath = '/readyz') {
  const port = nextPort++;
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      PORT: String(port),
      HOST: '127.0.0.1',
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const url = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 1200; attempt++) {
    if (child.exitCode !== null) throw new Error(`${name} exited early (${child.exitCode}):\n${output}`);
    try {
      if ((await fetch(`${url}${readyPath}`)).ok)
        return { url, pid: child.pid, stop: () => stopProcess(child) };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`${name} did not become ready in 120 s:\n${output}`);
}

function stopProcess(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** Runs the catalog CLI against a database, streaming its progress lines to our stderr. */
export function runCli(args, env) {
  const result = spawnSync(process.execPath, [cliEntry, ...args], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  if (result.status !== 0) throw new Error(`npm run cli -- ${args.join(' ')} failed (${result.status})`);
}

export function tempDir(label) {
  return mkdtempSync(path.join(os.tmpdir(), `openshelf-bench-${label}-`));
}

/** CPU seconds (user + system) a process has used so far, from /proc (Linux); undefined elsewhere. */
function cpuSecondsOf(pid) {
  try {
    return cpuSecondsIn(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return undefined;
  }
}

// utime and stime, in clock ticks (USER_HZ 100), after the process's name (which may hold spaces).
const cpuSecondsIn = (stat) => {
  const fields = stat.slice(stat.lastIndexOf(') ') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
};

/**
 * CPU seconds used so far by this machine's PostgreSQL processes (the server's backends, the postmaster,
 * its background workers), or undefined when none run here (a remote database, or not Linux). A
 * scenario on PostgreSQL costs the database's CPU as well as the server's, on the same cores.
 */
function postgresCpuSeconds() {
  let total;
  let entries;
  try {
    entries = readdirSync('/proc');
  } catch {
    return undefined;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (stat.includes(' (postgres) ')) total = (total ?? 0) + cpuSecondsIn(stat);
    } catch {
      // The process ended while the list was read.
    }
  }
  return total;
}

/** The whole machine's busy CPU seconds so far (every core: all but idle and I/O wait), from /proc/stat. */
function machineBusySeconds() {
  try {
    const [, ...ticks] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).map(Number);
    const [user, nice, system, , , irq, softirq, steal] = ticks;
    return (user + nice + system + irq + softirq + steal) / 100;
  } catch {
    return undefined;
  }
}

const perRequestMs = (before, after, requests) =>
  before !== undefined && after !== undefined && requests > 0
    ? Number((((after - before) * 1000) / requests).toFixed(3))
    : undefined;

/**
 * One autocannon measurement (after a warm-up that is not recorded). With `serverPid`, also the server
 * process's CPU time per request: unlike req/s, it barely moves when other work shares the machine. Each
 * row also has this machine's PostgreSQL CPU per request (when it runs here) and the whole machine's busy
 * CPU per request — server, database, this load generator and anything else — which bounds the req/s
 * the machine can give that row (its cores / that figure). `expectStatus` (default any 2xx) is the status
 * every reply must have, e.g. 404 for a not-found page.
 */
export async function measure(label, url, options = {}) {
  const { serverPid, expectStatus, ...autocannonOptions } = options;
  const base = { url, connections: settings.connections, pipelining: 1, ...autocannonOptions };
  if (settings.warmup > 0) await autocannon({ ...base, duration: settings.warmup });
  log(`measuring ${label} for ${settings.duration} s (${base.connections} connections)…`);
  const cpuNow = () => ({
    server: serverPid ? cpuSecondsOf(serverPid) : undefined,
    db: postgresCpuSeconds(),
    all: machineBusySeconds(),
  });
  const before = cpuNow();
  const result = await autocannon({ ...base, duration: settings.duration });
  const after = cpuNow();
  const total = result.requests.total;
  const unexpected =
    expectStatus === undefined ? result.non2xx : total - (result.statusCodeStats?.[expectStatus]?.count ?? 0);
  const errors = result.errors + result.timeouts + unexpected;
  if (errors > 0) log(`  ${label}: ${errors} errors/timeouts/unexpected statuses (of ${total})`);
  const cpu = {
    serverCpuMsPerRequest: perRequestMs(before.server, after.server, total),
    databaseCpuMsPerRequest: perRequestMs(before.db, after.db, total),
    machineCpuMsPerRequest: perRequestMs(before.all, after.all, total),
  };
  return {
    label,
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors,
    bytesPerRequest: total ? Math.round(result.throughput.total / total) : 0,
    ...Object.fromEntries(Object.entries(cpu).filter(([, value]) => value !== undefined)),
  };
}

/** A row's ratio to the bare-Fastify baseline measured just before its scenario (1 for a baseline row). */
export const ratioOf = (row) =>
  row.baselineRequestsPerSecond ? row.requestsPerSecond / row.baselineRequestsPerSecond : 1;

export function printTable(rows) {
  const header = [
    'scenario',
    'req/s',
    'p50 ms',
    'p99 ms',
    'ratio',
    'bytes/req',
    'cpu ms/req',
    'db ms/req',
    'all ms/req',
  ];
  const ms = (value) => (value === undefined ? '' : value.toFixed(2));
  const lines = rows.map((row) => [
    row.label,
    String(row.requestsPerSecond),
    String(row.p50Ms),
    String(row.p99Ms),
    ratioOf(row).toFixed(2),
    String(row.bytesPerRequest),
    ms(row.serverCpuMsPerRequest),
    ms(row.databaseCpuMsPerRequest),
    ms(row.machineCpuMsPerRequest),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((line) => line[i].length)));
  const format = (cells) =>
    cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ');
  console.log(format(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const line of lines) console.log(format(line));
  console.log(
    '\ncpu: the server process; db: PostgreSQL on this machine; all: every process, the load generator included (CPU ms per request).',
  );
}

/** The closing note: every target a scenario declared, against the row it measured. */
export function printTargets(scenarios, rows) {
  const targets = Object.values(scenarios).flatMap((result) => result.targets ?? []);
  if (targets.length === 0) return [];
  console.log('\nTargets (issue #9):');
  return targets.map(({ label, target, met }) => {
    const row = rows.find((r) => r.label === label);
    // A measurement with failed requests (or none answered) meets nothing, whatever its latencies say.
    const verdict = !row
      ? 'NOT MEASURED'
      : row.errors === 0 && row.requestsPerSecond > 0 && met(row)
        ? 'MET'
        : 'NOT MET';
    const figures = row
      ? `${row.requestsPerSecond} req/s (${ratioOf(row).toFixed(2)} of baseline ${row.baselineRequestsPerSecond}), p99 ${row.p99Ms} ms, ${row.errors} errors`
      : '—';
    console.log(`  ${verdict.padEnd(12)} ${label}: ${figures}; target ${target}`);
    return { label, target, verdict, ...(row ? { row } : {}) };
  });
}

export function saveResults(name, data) {
  const dir = path.join(root, 'bench/results');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  writeFileSync(file, `${JSON.stringify(data, null, 2)}\n`);
  return file;
}

export function machine() {
  return {
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model,
    memoryGb: Math.round(os.totalmem() / 1e9),
    node: process.version,
  };
}

export function assertBuilt() {
  if (!existsSync(serverEntry) || !existsSync(cliEntry)) throw new Error('Build first: npm run build');
}

/** A fresh PostgreSQL database for one scenario, dropped by `drop()`. */
export async function createDatabase(adminUrl, label) {
  const name = `openshelf_bench_${label}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

/** Runs the CLI and returns what it printed (for keys and ids it creates). */
export function runCliCapture(args, env) {
  const result = spawnSync(process.execPath, [cliEntry, ...args], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production', LOG_LEVEL: 'warn', ...env },
    encoding: 'utf8',
  });
  if (result.status !== 0)
    throw new Error(`npm run cli -- ${args.join(' ')} failed (${result.status}): ${result.stderr}`);
  return result.stdout;
}
