import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import FindMyWay from 'find-my-way';
import type { RouteInfo } from '../context.js';

/*
 * Every call of the public `@wix/*` packages the project installs, read from the packages' own built
 * code, and whether this server serves it: what docs/third-party-apps.md tabulates (`npm run
 * docs:sdk-calls` rewrites the table; a test fails when it is stale). A call's URL is what the
 * unchanged client builds for www.wixapis.com (docs/api/wire-protocol.md: the apps' fetch then points
 * that host at the store): its module's `domainToMappings` entry for that host applied to the call's
 * `protoPath`.
 */

/** The umbrella packages apps import (`import { cart } from '@wix/ecom'`), as the project installs them. */
export const UMBRELLA_PACKAGES = [
  '@wix/stores',
  '@wix/ecom',
  '@wix/redirects',
  '@wix/identity',
  '@wix/members',
  '@wix/pricing-plans',
] as const;

export interface SdkCall {
  /** The module as apps import it: `members` of `@wix/members`. */
  module: string;
  umbrella: string;
  /** The function apps call (`getCurrentMember`). */
  call: string;
  method: string;
  /** The path the client requests, `{id}` placeholders kept. */
  path: string;
}

export type CallStatus = 'served' | 'refused' | 'not served';

/** What stands for an id in a call's path when it is matched to the routes. */
const ID = 'an-id';

const requireHere = createRequire(import.meta.url);

/** The ES build of a package, found through its package.json (its `exports` hide the file itself). */
function esBuildOf(name: string): string {
  const manifest = requireHere.resolve(`${name}/package.json`);
  return readFileSync(join(dirname(manifest), 'build', 'es', 'index.mjs'), 'utf8');
}

/** `@wix/ecom` → [module name, its auto_sdk package] from the umbrella's `import * as cart from '…'`. */
function modulesOf(umbrella: string): [string, string][] {
  return [...esBuildOf(umbrella).matchAll(/^import \* as (\w+) from "(@wix\/auto_sdk_[^"]+)";$/gm)].map(
    (match) => [match[1] as string, match[2] as string],
  );
}

interface Mapping {
  srcPath: string;
  destPath: string;
}

/** Each URL resolver of a module's code → its www.wixapis.com mappings. */
function resolversOf(code: string): Map<string, Mapping[]> {
  const resolvers = new Map<string, Mapping[]>();
  for (const match of code.matchAll(
    /^function (resolve\w+Url)\(opts\) \{\n {2}const domainToMappings = \{\n([\s\S]*?)\n {2}\};/gm,
  )) {
    const www = /"www\.wixapis\.com": \[([\s\S]*?)\n {4}\]/.exec(match[2] as string);
    const mappings = [...(www?.[1] ?? '').matchAll(/srcPath: "([^"]*)",\s*destPath: "([^"]*)"/g)].map(
      (pair) => ({ srcPath: pair[1] as string, destPath: pair[2] as string }),
    );
    resolvers.set(match[1] as string, mappings);
  }
  return resolvers;
}

/** The path the client builds: the first mapping whose destPath starts the protoPath (sdk-runtime's rule). */
function resolvePath(protoPath: string, mappings: readonly Mapping[]): string {
  const mapping = mappings.find((candidate) => protoPath.startsWith(candidate.destPath));
  return mapping ? mapping.srcPath + protoPath.slice(mapping.destPath.length) : protoPath;
}

/** The public calls of one auto_sdk module: each exported function that sends a request. */
function callsOf(module: string, umbrella: string, pkg: string): SdkCall[] {
  const code = esBuildOf(pkg);
  const resolvers = resolversOf(code);
  // Request builders: `function name(payload) { function __name({ host }) { const metadata = {…} } }`.
  const builders = new Map<string, { method: string; path: string }>();
  for (const match of code.matchAll(
    /^function (\w+)\(payload\) \{\n {2}function __\1\(\{ host \}\) \{([\s\S]*?)\n {2}return __\1;\n\}/gm,
  )) {
    const body = match[2] as string;
    const method = /\n {6}method: "(\w+)",/.exec(body)?.[1];
    const url = /url: (resolve\w+Url)\(\{\s*protoPath: "([^"]+)"/.exec(body);
    if (!method || !url) continue;
    builders.set(match[1] as string, {
      method,
      path: resolvePath(url[2] as string, resolvers.get(url[1] as string) ?? []),
    });
  }
  const exported = new Set(
    [...(/^export \{([\s\S]*?)\};/m.exec(code)?.[1] ?? '').matchAll(/(\w+)(?: as (\w+))?,?\n/g)].map(
      (match) => (match[2] ?? match[1]) as string,
    ),
  );
  // The functions apps call: each top-level function whose body calls a builder, under its exported
  // name (the bundler suffixes a name that a builder already has: `getMember2` is `getMember`).
  const calls = new Map<string, SdkCall>();
  const functions = [...code.matchAll(/^(?:async )?function (\w+)\(/gm)];
  functions.forEach((match, index) => {
    const name = match[1] as string;
    if (builders.has(name)) return;
    const call = [name, name.replace(/\d+$/, '')].find((candidate) => exported.has(candidate));
    if (!call || calls.has(call)) return;
    const body = code.slice(match.index, functions[index + 1]?.index ?? code.length);
    const builder = /const reqOpts = (\w+)\(/.exec(body)?.[1];
    const request = builder ? builders.get(builder) : undefined;
    if (request) calls.set(call, { module, umbrella, call, ...request });
  });
  return [...calls.values()];
}

/** Every call of the installed umbrella packages, by package then module, each module's calls sorted. */
export function publicSdkCalls(): SdkCall[] {
  return UMBRELLA_PACKAGES.flatMap((umbrella) =>
    modulesOf(umbrella)
      .sort(([a], [b]) => a.localeCompare(b))
      .flatMap(([module, pkg]) =>
        callsOf(module, umbrella, pkg).sort((a, b) => a.call.localeCompare(b.call)),
      ),
  );
}

/**
 * Whether the app serves each call: a route of its own matches the path (any id in the placeholders),
 * `refused` when that route is one of the explicit "Not offered" refusals (a 400 naming the call).
 */
export function statusOfCalls(
  calls: readonly SdkCall[],
  routes: readonly RouteInfo[],
): Map<SdkCall, CallStatus> {
  const router = FindMyWay({ ignoreTrailingSlash: false });
  for (const route of routes) {
    if (route.url.includes('*') || route.method === 'HEAD') continue;
    const summary = (route.schema as { summary?: string } | undefined)?.summary ?? '';
    try {
      router.on(route.method as 'GET', route.url, () => undefined, {
        refused: summary.startsWith('Not offered'),
      });
    } catch {
      // The same route under two registrations (a prefix mounted twice) is one route here.
    }
  }
  const statuses = new Map<SdkCall, CallStatus>();
  for (const call of calls) {
    const concrete = call.path.replace(/\{[^}]+\}/g, ID);
    const found = router.find(call.method as 'GET', concrete);
    // A route whose parameter took a fixed word of the call's path (`/plans/stats` on `/plans/:id`)
    // answers another call: that plan's 404, not the stats.
    const exact = found && Object.values(found.params).every((value) => value?.includes(ID));
    statuses.set(
      call,
      !exact ? 'not served' : (found.store as { refused: boolean }).refused ? 'refused' : 'served',
    );
  }
  return statuses;
}

/**
 * The markdown table: one row per module with any call served or refused (its calls by status), then
 * one line per package naming the modules none of whose calls are served.
 */
export function sdkCallsTable(calls: readonly SdkCall[], statuses: ReadonlyMap<SdkCall, CallStatus>): string {
  const lines: string[] = [];
  for (const umbrella of UMBRELLA_PACKAGES) {
    const mine = calls.filter((call) => call.umbrella === umbrella);
    const modules = [...new Set(mine.map((call) => call.module))];
    const byStatus = (module: string, status: CallStatus) =>
      mine.filter((call) => call.module === module && statuses.get(call) === status).map((call) => call.call);
    const used = modules.filter(
      (module) =>
        byStatus(module, 'not served').length < mine.filter((call) => call.module === module).length,
    );
    const unused = modules.filter((module) => !used.includes(module));
    lines.push(`### \`${umbrella}\``, '');
    if (used.length > 0) {
      lines.push('| Module | Served | Refused (400, naming the call) | Not served (404 `NOT_FOUND`) |');
      lines.push('| --- | --- | --- | --- |');
      for (const module of used) {
        const cell = (names: string[]) =>
          names.length > 0 ? names.map((name) => `\`${name}\``).join(', ') : '—';
        lines.push(
          `| \`${module}\` | ${cell(byStatus(module, 'served'))} | ${cell(byStatus(module, 'refused'))} | ${cell(byStatus(module, 'not served'))} |`,
        );
      }
      lines.push('');
    }
    if (unused.length > 0)
      lines.push(
        `Not served (every call answers 404 \`NOT_FOUND\`): ${unused.map((module) => `\`${module}\``).join(', ')}.`,
        '',
      );
  }
  const count = (status: CallStatus) => [...statuses.values()].filter((value) => value === status).length;
  lines.push(
    `${calls.length} calls in all: ${count('served')} served, ${count('refused')} refused, ${count('not served')} not served.`,
  );
  return lines.join('\n');
}
