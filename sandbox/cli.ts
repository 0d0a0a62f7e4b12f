/**
 * `npm run sandbox`: starts the sandbox and keeps it up until SIGINT / SIGTERM.
 * Options: --port (or SANDBOX_PORT), --host, --seed, --now, --clock frozen|running, --rate-window-ms,
 * --rate-clock real|running|frozen (default real), --token-ttl, --period-rule strict|lenient,
 * --period-refusal validation_error|period_too_long|plan_required, --faults '<json>', --rate-limits '<json>', --no-rate-limits,
 * --ids-file PATH (the last number of inserted records: a restart with the same file goes on from it).
 */
/* eslint-disable @n8n/community-nodes/no-restricted-globals, no-console -- development tooling (tests, sandbox, bench), not shipped: it runs in plain Node, not inside n8n */
import { startSandbox, type SandboxOptions } from './index';
import { bannerLines } from './server/banner';
import {
	DEMO_CLIENT_ID,
	DEMO_CLIENT_SECRET,
	SECOND_CLIENT_ID,
	SECOND_CLIENT_SECRET,
} from './fixtures/centers';

const USAGE = `Usage: npm run sandbox -- [--port 4010] [--host 127.0.0.1] [--seed 42] [--now 2026-11-20T09:00:00Z]
  [--clock frozen|running] [--rate-clock real|running|frozen] [--rate-window-ms 60000] [--token-ttl 3600] [--period-rule strict|lenient]
  [--period-refusal validation_error|period_too_long|plan_required]
  [--faults '{"errorRate":0.1}'] [--rate-limits '{"pro":{"perWindow":40}}'] [--no-rate-limits] [--ids-file PATH]`;

function fail(message: string): never {
	console.error(`${message}\n${USAGE}`);
	process.exit(2);
}

function int(name: string, value: string | undefined): number {
	if (value === undefined || !/^\d+$/.test(value)) fail(`--${name} needs a non-negative integer`);
	return Number(value);
}

/** One of a flag's words, or the usage and exit 2. */
function oneOf<const T extends string>(
	name: string,
	value: string | undefined,
	words: readonly T[],
): T {
	if (!words.includes(value as T)) fail(`--${name} is ${words.join(', ')}`);
	return value as T;
}

function json<T>(name: string, value: string | undefined): T {
	try {
		return JSON.parse(value ?? '') as T;
	} catch {
		fail(`--${name} needs a JSON object`);
	}
}

export function parseArgs(argv: string[], env: NodeJS.ProcessEnv): SandboxOptions {
	const o: SandboxOptions = {};
	if (env.SANDBOX_PORT) o.port = int('port', env.SANDBOX_PORT);
	for (let i = 0; i < argv.length; i++) {
		const arg = argv[i];
		const [flag, inline] = arg.includes('=')
			? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)]
			: [arg, undefined];
		const value = () => (inline !== undefined ? inline : argv[++i]);
		switch (flag) {
			case '--port':
				o.port = int('port', value());
				break;
			case '--host':
				o.host = value();
				break;
			case '--seed':
				o.seed = int('seed', value());
				break;
			case '--now': {
				const v = value();
				if (!v || Number.isNaN(Date.parse(v))) fail('--now needs an ISO moment');
				o.now = v;
				break;
			}
			case '--clock':
				o.clockMode = oneOf('clock', value(), ['frozen', 'running']);
				break;
			case '--rate-clock':
				o.rateClock = oneOf('rate-clock', value(), ['real', 'running', 'frozen']);
				break;
			case '--rate-window-ms':
				o.rateWindowMs = int('rate-window-ms', value());
				break;
			case '--token-ttl':
				o.tokenTtlSeconds = int('token-ttl', value());
				break;
			case '--period-rule':
				o.periodRule = oneOf('period-rule', value(), ['strict', 'lenient']);
				break;
			case '--period-refusal':
				o.periodRefusal = oneOf('period-refusal', value(), [
					'validation_error',
					'period_too_long',
					'plan_required',
				]);
				break;
			case '--faults':
				o.faults = json('faults', value());
				break;
			case '--rate-limits':
				o.rateLimits = json('rate-limits', value());
				break;
			case '--ids-file': {
				const v = value();
				if (!v) fail('--ids-file needs a path');
				o.idsFile = v;
				break;
			}
			case '--no-rate-limits':
				o.rateLimits = false;
				break;
			case '--help':
			case '-h':
				console.log(USAGE);
				process.exit(0);
				break;
			default:
				fail(`Unknown option: ${arg}`);
		}
	}
	if (o.rateWindowMs === 0) fail('--rate-window-ms must be positive');
	return o;
}

async function main(): Promise<void> {
	const options = parseArgs(process.argv.slice(2), process.env);
	if (options.port === undefined) options.port = 4010;
	// a stand-in for the real API (the e2e legs, the bench, the demo): rate windows of real time
	options.rateClock ??= 'real';
	let sb;
	try {
		sb = await startSandbox(options);
	} catch (e) {
		fail(`Could not start the sandbox: ${(e as Error).message}`);
	}
	const sandbox = sb;
	// handlers first: whoever reads the banner may signal at once
	const stop = (signal: string) => {
		console.log(`\n${signal}: stopping the sandbox`);
		sandbox.close().then(() => process.exit(0));
		setTimeout(() => process.exit(0), 2000).unref();
	};
	process.once('SIGINT', () => stop('SIGINT'));
	process.once('SIGTERM', () => stop('SIGTERM'));
	console.log(`Sandbox API:     ${sb.baseUrl}`);
	console.log(`Control API:     ${sb.controlUrl}`);
	console.log(`client_id:       ${DEMO_CLIENT_ID}`);
	console.log(`client_secret:   ${DEMO_CLIENT_SECRET}`);
	console.log(`second key:      ${SECOND_CLIENT_ID} / ${SECOND_CLIENT_SECRET}`);
	for (const line of bannerLines(sb.controlUrl, sb.clock.mode, options.idsFile !== undefined))
		console.log(line);
	// the last line: whoever starts the sandbox waits for it (scripts/lib/processes.js)
	console.log(`clock:           ${sb.clock.now().toISOString()} (${sb.clock.mode})`);
}

if (require.main === module) {
	main().catch((e) => {
		console.error(e);
		process.exit(1);
	});
}
