// jest's test sequencer (jest.config.js): the slowest test files first, also on a clean clone. jest
// orders by the durations of its last run (its cache), and without one by file size, which put a
// small file that runs for minutes at the end of a cold run, with one worker busy on it alone. Here
// a file jest has no duration for takes the one below (measured; by file name, or folder/name for
// the trigger's files, so a file that moves keeps it), and any other file counts as short.
'use strict';
const path = require('path');
const Sequencer = require('@jest/test-sequencer').default;

/** seconds, measured with `npx jest --json` on the 2-core machine (2026-11-28, busy: load 14–18; the
 *  day budget's from the 72-minute cold run of fbe878e) */
const MEASURED_S = {
	'trigger/day-budget.test.ts': 684,
	'trigger/day-driver.test.ts': 184,
	'soak.test.ts': 152,
	'plan-unknown-windows.test.ts': 147,
	'transport.test.ts': 130,
	'trigger/receipts.test.ts': 112,
	'trigger/month.test.ts': 103,
	'walk-ahead.test.ts': 93,
	'trigger/spent-day.test.ts': 80,
	'bad-input.test.ts': 74,
	'intake-faults.test.ts': 57,
	'trigger/receipts-cap.test.ts': 43,
	'credential-once.test.ts': 42,
	'walk-bound.test.ts': 36,
};

class SlowFirst extends Sequencer {
	time(test) {
		const cached = super.time(test);
		if (cached != null) return cached;
		const inFolder = `${path.basename(path.dirname(test.path))}/${path.basename(test.path)}`;
		return (MEASURED_S[inFolder] ?? MEASURED_S[path.basename(test.path)] ?? 0) * 1000;
	}
}

module.exports = SlowFirst;
