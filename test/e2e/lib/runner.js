'use strict';
/*
 * What the e2e runners (run.js, queue/run.js, receipts/run.js) share: their command-line options, the
 * check that the package is built, stopping what they started on Ctrl-C, and the exit code.
 */
const path = require('node:path');
const { expectedTypes } = require('../harness/load-package');
const { banner } = require('./report');

const root = path.resolve(__dirname, '..', '..', '..');

/**
 * The options of argv: all(name) every value given as `--name v` or `--name=v`; opt(name, dflt) the
 * first; flag(name) whether `--name` is there; packageDir the package to test (--package-dir, else
 * this repository).
 */
function cliOptions(argv = process.argv.slice(2)) {
	const all = (name) => {
		const out = [];
		argv.forEach((a, i) => {
			if (a === `--${name}`) out.push(argv[i + 1]);
			else if (a.startsWith(`--${name}=`)) out.push(a.slice(name.length + 3));
		});
		return out;
	};
	return {
		all,
		opt: (name, dflt) => (all(name).length ? all(name)[0] : dflt),
		flag: (name) => argv.includes(`--${name}`),
		packageDir: path.resolve(all('package-dir')[0] || root),
	};
}

/** True when the package in dir is built; else says what is missing and `0 passed, 1 failed`. */
function packageBuilt(dir) {
	const { problems } = expectedTypes(dir);
	if (!problems.length) return true;
	banner(`the package is not built (npm run build):\n${problems.join('\n')}`);
	console.log('0 passed, 1 failed');
	return false;
}

/** On SIGINT or SIGTERM: stopAll(), then exit 130. Returns what takes the handlers off again. */
function stopOnSignal(stopAll) {
	const onSignal = (sig) => {
		console.log(`\n${sig}: stopping everything this run started`);
		stopAll().finally(() => process.exit(130));
	};
	process.once('SIGINT', onSignal);
	process.once('SIGTERM', onSignal);
	return () => {
		process.removeListener('SIGINT', onSignal);
		process.removeListener('SIGTERM', onSignal);
	};
}

/** Runs main (it resolves to the number of failed steps) and exits 1 when any failed or it threw. */
function runMain(main) {
	main().then(
		(failed) => process.exit(failed ? 1 : 0),
		(e) => {
			console.error(e);
			console.log('0 passed, 1 failed');
			process.exit(1);
		},
	);
}

module.exports = { root, cliOptions, packageBuilt, stopOnSignal, runMain };
