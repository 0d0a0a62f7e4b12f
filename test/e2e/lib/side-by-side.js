'use strict';
/*
 * The legs of an e2e runner side by side: each leg is the runner itself in a child process
 * (`node <runner> --version <leg> <args>`), its output kept in a file and printed whole when the leg
 * ends, then `N passed, N failed` over all of them. For legs that mostly wait (the receipts legs wait
 * on n8n's polls every 30 s): side by side they take little more than the longest one alone.
 * legsInGroups: groups one after the other, the legs of a group side by side (a group of one: that
 * leg alone, still in its own process), one `N passed, N failed` over all.
 */
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { sleep } = require('../../../scripts/lib/processes');
const { stopOnSignal } = require('./runner');

/** Runs the legs (each started staggerMs after the one before); resolves to the number failed. */
async function legsSideBySide(runner, legs, args, options) {
	return legsInGroups(runner, [legs], args, options);
}

/** The groups one after the other, each group's legs side by side; resolves to the number failed. */
async function legsInGroups(runner, groups, args, options) {
	const t0 = Date.now();
	let passed = 0;
	let failed = 0;
	for (const legs of groups) {
		const [p, f] = await oneGroup(runner, legs, args, options);
		passed += p;
		failed += f;
	}
	console.log(`\nall legs: ${Math.round((Date.now() - t0) / 1000)} s`);
	console.log(`\n${passed} passed, ${failed} failed`);
	return failed;
}

/** One group's legs side by side; resolves to [passed, failed] over them. */
async function oneGroup(runner, legs, args, { staggerMs = 20_000 } = {}) {
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-legs-'));
	const t0 = Date.now();
	const running = new Set();
	const offSignal = stopOnSignal(async () => {
		for (const child of running) child.kill('SIGTERM'); // each stops what it started
		await Promise.all([...running].map((c) => new Promise((r) => c.once('exit', r))));
	});
	console.log(
		legs.length > 1
			? `legs side by side, each in its own process (output below as each ends): ${legs.join(', ')}`
			: `leg ${legs[0]} alone, in its own process (output below when it ends)`,
	);
	const one = async (leg, i) => {
		await sleep(i * staggerMs);
		const file = path.join(dir, `leg-${i}.log`);
		const fd = fs.openSync(file, 'w');
		const child = spawn(process.execPath, [runner, '--version', leg, ...args], {
			stdio: ['ignore', fd, fd],
		});
		fs.closeSync(fd);
		running.add(child);
		const code = await new Promise((r) => child.once('exit', (c, signal) => r(c ?? signal)));
		running.delete(child);
		const text = fs.readFileSync(file, 'utf8');
		const counts = [...text.matchAll(/^(\d+) passed, (\d+) failed/gm)].at(-1);
		const ended = Math.round((Date.now() - t0) / 1000);
		console.log(
			`\n══ leg ${leg} (ended ${ended} s after the first began, exit ${code}) ${'═'.repeat(30)}`,
		);
		process.stdout.write(text);
		// a leg that ended without its count (it crashed) is one failure
		return counts ? [Number(counts[1]), Number(counts[2])] : [0, 1];
	};
	const results = await Promise.all(legs.map(one));
	offSignal();
	fs.rmSync(dir, { recursive: true, force: true });
	return [results.reduce((n, r) => n + r[0], 0), results.reduce((n, r) => n + r[1], 0)];
}

module.exports = { legsSideBySide, legsInGroups };
