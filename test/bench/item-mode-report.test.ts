/**
 * The bench's item-mode target (bench/report/item-mode.js): the Receipts node's peak RSS ≤ HTTP Request
 * (b) + Split Out's over the same ≥100,000 receipts, both from one run; met only for the node's exact
 * set; wall, CPU, requests and 429s of both in the measured text; no target when either did not run.
 */
/* eslint-disable @typescript-eslint/no-require-imports -- development tooling (tests, sandbox, bench), not shipped: it runs in plain Node, not inside n8n */

type ItemModeTarget = { scenario: string; target: string; met: boolean | null; measured: string };
const { itemModeVsHttp } = require('../../bench/report/item-mode.js') as {
	itemModeVsHttp: (node: unknown, http: unknown) => ItemModeTarget[];
};

const MB = 1024;
const rendering = (peakMb: number, more: object = {}) => ({
	status: 'success',
	exact: true,
	records: 100_282,
	trueCount: 100_282,
	wallMs: 1842,
	requests: 104,
	minimumRequests: 104,
	rateLimited: 0,
	memory: {
		baselineMainKb: 600 * MB,
		mainPeakKb: peakMb * MB,
		mainPeakDuringExportKb: 700 * MB,
		mainPeakAfterExportKb: peakMb * MB,
		cpuDuringExport: { ms: 1120 },
		cpuWholeRun: { ms: 4000 },
		storedExecutionBytes: 87_652_921,
	},
	...more,
});

describe('bench: item mode, the Receipts node beside HTTP Request + Split Out', () => {
	it('met when the node peaks lower, with both renderings in the measured text', () => {
		const [t] = itemModeVsHttp(rendering(1151), rendering(1600, { requests: 110, rateLimited: 2 }));
		expect(t.scenario).toBe('http100k');
		expect(t.met).toBe(true);
		expect(t.measured).toContain('node 1151 MB = 0.72 × HTTP');
		expect(t.measured).toContain('1,120 ms over the export nodes (11.2 ms per 1000)');
		expect(t.measured).toContain('4,000 ms over the whole run');
		expect(t.measured).toContain('110 receipt requests (minimum 104), 2 × 429');
	});

	it('not met when the node peaks higher, or returns a wrong set', () => {
		expect(itemModeVsHttp(rendering(1700), rendering(1600))[0].met).toBe(false);
		const wrong = rendering(1000, { exact: false });
		expect(itemModeVsHttp(wrong, rendering(1600))[0].met).toBe(false);
	});

	it('no target when either rendering did not run in this run', () => {
		expect(itemModeVsHttp(rendering(1000), undefined)).toEqual([]);
		expect(itemModeVsHttp(undefined, rendering(1000))).toEqual([]);
		expect(itemModeVsHttp(rendering(1000), { failedToRun: 'n8n did not start' })).toEqual([]);
	});
});
