// jest: ts-jest over test/**/*.test.ts and the sandbox's own tests (sandbox/test/), two workers, the
// slowest files first (test/slow-first.js).
/** @type {import('jest').Config} */
module.exports = {
	testEnvironment: 'node',
	roots: ['<rootDir>/test', '<rootDir>/sandbox'],
	testMatch: ['**/*.test.ts'],
	transform: {
		'^.+\\.ts$': ['ts-jest', { diagnostics: false }],
	},
	// a guard against hangs, not a speed target: the long simulated-run tests wait on the sandbox and slow down
	// when the machine is busy (a 31-day trigger run took 44–78 s on 2 loaded cores)
	testTimeout: 180000,
	maxWorkers: 2,
	// the slowest files first, also on a clean clone without jest's cache of durations
	testSequencer: '<rootDir>/test/slow-first.js',
};
