'use strict';
/*
 * ≥10,000,000 receipts → one CSV (issue 23, "flat in the export's size"): every shop of the sandbox's
 * large PRO center 1006 (seen by the bulk key only; ten busy shops, ~10,000 receipts a day) over
 * 2024-01-01..2026-11-19, the data's whole range, with the Receipts node's Output "One File", in a real
 * n8n with filesystem binary data: the same workflow and figures as the 1,000,000-receipt row
 * (file-export.js: a fresh n8n, a one-day warm-up, peak RSS growth over idle by VmHWM and sampling).
 * The true set is never held: the sandbox gives its count, Σ total_sum and id groups by generating the
 * receipts once (truth-summary), and the file (~2.3 GB) is read back against a bitset of the true ids
 * (lib/summary-check.js), then removed.
 */
const { addDays, splitDays, fmt } = require('../lib/util');
const { indexOf, checkAgainstSummary } = require('../lib/summary-check');
const { PRO, log, freshN8n, sandboxCredential } = require('./common');
const { csvCells, fileResult, fileLine, measureOneFile, binaryPath } = require('./file-check');

const BIG = {
	sc: '1006',
	start: '2024-01-01',
	// the last day every document of which is received at the bench's "now" (2026-11-20 14:00 there)
	end: '2026-11-19',
	client: { id: 'bulk-client', secret: 'bulk-secret-3d8e51' },
};
const TARGET_10M = 10_000_000;
const SHOP_LIST_REQUESTS = 1;

async function bulkToken(sandbox) {
	const r = await fetch(`${sandbox.baseUrl}/auth/token`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify({ client_id: BIG.client.id, client_secret: BIG.client.secret }),
	});
	return (await r.json()).access_token;
}

/** The shops the node walks: every shop the list gives (it skips none but archived ones). */
async function activeShops(sandbox) {
	const res = await fetch(`${sandbox.baseUrl}/sc/${BIG.sc}/shops?per_page=500`, {
		headers: { authorization: `Bearer ${await bulkToken(sandbox)}` },
	});
	return (await res.json()).data.filter((s) => !s.is_archived).map((s) => s.id);
}

/**
 * The truth summary of the period, its bitset index, and the least number of budget requests: the shop
 * list + per active shop and 30-day window ⌈n / 1000⌉ (at least 1), n from the summary's groups.
 */
async function truthAndMinimum(sandbox, period) {
	const summary = await sandbox.control.receiptSummary({
		sc_id: BIG.sc,
		start_created_date: period.start,
		end_created_date: period.end,
	});
	const perShopDay = new Map(); // `${shop}|${YYYYMMDD}` → receipts
	const add = (prefix, n) => {
		// prefix: 1006-01-20240102-r
		const [sc, shop, day] = prefix.split('-');
		const key = `${sc}-${shop}|${day}`;
		perShopDay.set(key, (perShopDay.get(key) || 0) + n);
	};
	for (const [prefix, n] of Object.entries(summary.groups)) add(prefix, n);
	for (const [prefix, list] of Object.entries(summary.sparse)) add(prefix, list.length);
	const shops = await activeShops(sandbox);
	let min = SHOP_LIST_REQUESTS;
	for (const shop of shops)
		for (const w of splitDays(period.start, period.end, PRO.windowDays)) {
			let n = 0;
			for (let d = w.start; d <= w.end; d = addDays(d, 1))
				n += perShopDay.get(`${shop}|${d.replace(/-/g, '')}`) || 0;
			min += Math.max(1, Math.ceil(n / PRO.perPage));
		}
	return { index: indexOf(summary), count: summary.count, sum: summary.sum, min, shops };
}

/** → the file10mCsv figures (fileResult's shape, plus period, truth and the 1,000,000 row it is compared with). */
async function runBigExport(ctx, env) {
	const { opts, stage, sandbox, windowMs } = ctx;
	const period = { start: opts.bigStart || BIG.start, end: BIG.end };
	log(
		`file10mCsv: the true set of center ${BIG.sc} over ${period.start}..${period.end} (streamed) …`,
	);
	const t0 = Date.now();
	const want = await truthAndMinimum(sandbox, period);
	log(
		`  ${fmt.int(want.count)} receipts, Σ ${fmt.int(want.sum)}, in ${want.shops.length} active shops, minimum ${want.min} requests (summary in ${fmt.int(Date.now() - t0)} ms)`,
	);
	log('file10mCsv: fresh n8n (binary data: filesystem) …');
	const { n8n } = await freshN8n(opts, stage, sandbox, 'file10mCsv', undefined, env);
	try {
		const credentialId = await sandboxCredential(
			n8n,
			sandbox,
			BIG.client,
			'Bench sandbox (bulk key)',
		);
		const { run, oneDay } = await measureOneFile({
			n8n,
			sandbox,
			windowMs,
			credentialId,
			period,
			format: 'csv',
			sc: BIG.sc,
			warmDay: addDays(BIG.end, -1),
			idleMs: 0, // its CPU is recorded, with no target: no idle span in a 12-minute row
		});
		log('  the file read back against the true set (bitset of the true ids) …');
		const out = await fileResult({
			key: 'file10mCsv',
			label: `Receipts node, all shops of ${BIG.sc}, ≥10,000,000 receipts → one CSV file (filesystem binary data)`,
			run,
			period,
			want: { min: want.min },
			windowMs,
			format: 'csv',
			memory: run.memory,
			oneDay,
			sc: BIG.sc,
			fileOf: async (binary) => binaryPath(n8n, binary),
			check: (file, format) => checkAgainstSummary(file, format, want.index, csvCells),
		});
		Object.assign(out, {
			windowMs,
			truthCount: want.count,
			truthSum: want.sum,
			targetCount: TARGET_10M,
		});
		log(fileLine(out));
		return out;
	} finally {
		await n8n.stop();
	}
}

module.exports = { BIG, runBigExport };
