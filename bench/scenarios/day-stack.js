'use strict';
/*
 * The services of a window of a real day (scenarios/day-budget.js, scenarios/replica.js): --day-at's
 * shift of the clocks, the sandbox with its clock running from the real now, and a real n8n whose log
 * lines go to the caller (its trigger's poll lines), both moved with this process's clock.
 */
const { startN8n } = require('../../scripts/n8n/instance');
const { startSandboxProcess } = require('../../scripts/lib/processes');
const { SEED, packedPackage } = require('./common');
const clock = require('../../scripts/lib/shift-clock');

/** --day-at HH:MM: this process's clock moved so that the window starts at that hour of `zone` (0: none). */
function shiftForDayAt(dayAt, zone) {
	const at = /^(\d{1,2}):(\d{2})$/.exec(dayAt || '');
	if (dayAt && !at) throw new Error(`--day-at ${dayAt}: expected HH:MM`);
	const shiftMs = at ? clock.shiftToLocal(zone, Number(at[1]), Number(at[2])) : 0;
	clock.setShift(shiftMs);
	return shiftMs;
}

/**
 * The sandbox (its clock running in step with this process's) into env.sb, then n8n into env.n8n,
 * each moved by `shiftMs`; every n8n log line to `onLine`, and on stderr with --verbose.
 */
async function startDayServices(env, { opts, stage, shiftMs, onLine, tag }) {
	const moved = shiftMs ? { E2E_CLOCK_SHIFT_MS: String(shiftMs) } : undefined;
	env.sb = await startSandboxProcess({
		seed: SEED,
		now: new Date().toISOString(),
		clock: 'running',
		// moved as this process's clock (its log's times compared with this one's)
		env: moved,
		nodeArgs: shiftMs ? ['-r', clock.path] : undefined,
	});
	// the sandbox's clock began at `now` when the process came up: in step with the real clock again
	await env.sb.control.setClock({ set: new Date().toISOString(), mode: 'running' });
	env.n8n = await startN8n({
		version: opts.version,
		packageTgz: packedPackage(stage),
		logLevel: 'info',
		env: moved,
		nodeArgs: shiftMs ? ['--require', clock.path] : undefined,
		onLog: (l) => {
			onLine(l);
			if (opts.verbose) process.stderr.write(`[n8n ${tag}] ${l}\n`);
		},
	});
}

module.exports = { shiftForDayAt, startDayServices };
