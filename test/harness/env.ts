/**
 * Process-wide setup for running n8n-core in-process, and the log capture.
 *
 * - n8n-core's node contexts read `InstanceSettings` from the DI container, which creates
 *   `<N8N_USER_FOLDER>/.n8n/config` with an encryption key. We point N8N_USER_FOLDER at a
 *   temporary folder (unless the caller set it) so tests never touch ~/.n8n.
 * - Everything n8n logs goes through two doors: `LoggerProxy` (n8n-workflow; used by
 *   WorkflowExecute, expressions, ...) and the DI `Logger` (@n8n/backend-common; `this.logger`
 *   inside nodes, request helpers, InstanceSettings). Both are pointed at one capturing logger.
 */
/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- development tooling (tests, sandbox, bench), not shipped: it runs in plain Node, not inside n8n */
import { Logger } from '@n8n/backend-common';
import { Container } from '@n8n/di';
import { SSHClientsManager } from 'n8n-core/dist/execution-engine/ssh-clients-manager';
import { Expression, LoggerProxy } from 'n8n-workflow';
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

// Read lazily by n8n (InstanceSettingsConfig is built on the first Container.get), so setting
// them here, at import of the harness, is early enough.
// One folder per process (jest reuses worker processes across test files).
if (!process.env.N8N_USER_FOLDER) {
	const folder = path.join(tmpdir(), `n8n-harness-${process.pid}`);
	mkdirSync(folder, { recursive: true });
	process.env.N8N_USER_FOLDER = folder;
}
process.env.N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS ??= 'false';

export type LogLevel = 'error' | 'warn' | 'info' | 'debug';

export interface CapturedLog {
	level: LogLevel;
	message: string;
	meta?: unknown;
	/** `LoggerProxy` (n8n-workflow) or `Logger` (DI logger: `this.logger` in nodes, n8n-core helpers). */
	source: 'LoggerProxy' | 'Logger';
	/** One text line: level, message and the metadata serialized (errors with message, stack and own fields). */
	line: string;
}

/** Serializes anything for log scanning: cycles cut, Errors expanded, functions named. */
export function stringifyForLog(value: unknown): string {
	const seen = new WeakSet<object>();
	const replacer = (_key: string, v: unknown): unknown => {
		if (typeof v === 'bigint') return v.toString();
		if (typeof v === 'function') return `[function ${v.name}]`;
		if (v instanceof Error) {
			if (seen.has(v)) return '[circular]';
			seen.add(v);
			const out: Record<string, unknown> = { name: v.name, message: v.message, stack: v.stack };
			for (const k of Object.keys(v)) out[k] = (v as unknown as Record<string, unknown>)[k];
			if ('cause' in v) out.cause = v.cause;
			return out;
		}
		if (v !== null && typeof v === 'object') {
			if (seen.has(v)) return '[circular]';
			seen.add(v);
		}
		return v;
	};
	try {
		return JSON.stringify(value, replacer) ?? String(value);
	} catch (error) {
		return `[unserializable: ${(error as Error).message}]`;
	}
}

const activeCaptures = new Set<CapturedLog[]>();

function record(source: CapturedLog['source'], level: LogLevel, message: unknown, meta?: unknown) {
	const text = typeof message === 'string' ? message : stringifyForLog(message);
	const entry: CapturedLog = {
		level,
		message: text,
		meta,
		source,
		line: `[${level}] ${text}${meta === undefined ? '' : ' ' + stringifyForLog(meta)}`,
	};
	for (const sink of activeCaptures) sink.push(entry);
	if (process.env.N8N_HARNESS_PRINT_LOGS) process.stderr.write(`${source} ${entry.line}\n`);
}

type LogFn = (message: string, meta?: object) => void;
interface CaptureLogger {
	error: LogFn;
	warn: LogFn;
	info: LogFn;
	debug: LogFn;
	scoped: () => CaptureLogger;
}

const makeLogger = (source: CapturedLog['source']): CaptureLogger => {
	const logger: CaptureLogger = {
		error: (m, meta) => record(source, 'error', m, meta),
		warn: (m, meta) => record(source, 'warn', m, meta),
		info: (m, meta) => record(source, 'info', m, meta),
		debug: (m, meta) => record(source, 'debug', m, meta),
		scoped: () => logger,
	};
	return logger;
};

const proxyLogger = makeLogger('LoggerProxy');
const diLogger = makeLogger('Logger');

/** (Re)installs the capturing loggers; called before every harness run, so nothing else can unhook them. */
export function installLogCapture(): void {
	LoggerProxy.init(proxyLogger);
	Container.set(Logger, diLogger as unknown as Logger);
}

installLogCapture();

// n8n-core's SSHClientsManager (built by every ExecuteContext) starts a 60 s cleanup interval
// that would keep jest from exiting; build it now and unref that timer.
(
	Container.get(SSHClientsManager) as unknown as { cleanupTimer?: NodeJS.Timeout }
).cleanupTimer?.unref();

/**
 * Starts collecting log lines; returns the live array and a stop function. Captures overlap:
 * two runs in flight at once (Promise.all) both see each other's lines.
 */
export function startLogCapture(): { logs: CapturedLog[]; stop: () => void } {
	installLogCapture();

	// n8n-core's SSHClientsManager (built by every ExecuteContext) starts a 60 s cleanup interval
	// that would keep jest from exiting; build it now and unref that timer.
	(
		Container.get(SSHClientsManager) as unknown as { cleanupTimer?: NodeJS.Timeout }
	).cleanupTimer?.unref();
	const logs: CapturedLog[] = [];
	activeCaptures.add(logs);
	return { logs, stop: () => activeCaptures.delete(logs) };
}

export type ExpressionEngine = 'legacy' | 'vm';

/** Whether isolated-vm's native module loads here (needed only by the 'vm' expression engine). */
export function isolatedVmAvailable(): boolean {
	try {
		// eslint-disable-next-line @typescript-eslint/no-require-imports
		require('isolated-vm');
		return true;
	} catch {
		return false;
	}
}

/**
 * Selects n8n-workflow's expression engine for the process (jest: for the test file).
 * 'legacy' (n8n-workflow's default until the CLI initialises it) needs nothing native;
 * 'vm' is what an n8n 1.123 server uses by default (N8N_EXPRESSION_ENGINE defaults to 'vm') and
 * needs isolated-vm. Settings below are @n8n/config's defaults.
 */
export async function setExpressionEngine(engine: ExpressionEngine): Promise<void> {
	if (engine === 'legacy') await Expression.disposeExpressionEngine();
	await Expression.initExpressionEngine({
		engine,
		bridgeTimeout: 5000,
		bridgeMemoryLimit: 128,
		poolSize: 1,
		maxCodeCacheSize: 1024,
	});
}

let configuredEngine: Promise<void> | undefined;

/** Applies N8N_HARNESS_EXPRESSION_ENGINE ('legacy' | 'vm') once; every harness entry point awaits it. */
export async function applyConfiguredExpressionEngine(): Promise<void> {
	const wanted = process.env.N8N_HARNESS_EXPRESSION_ENGINE;
	if (wanted !== 'vm' && wanted !== 'legacy') return;
	configuredEngine ??= setExpressionEngine(wanted);
	await configuredEngine;
}
