'use strict';
/*
 * The receipt-sync row's table read back (receipt-sync.js): count, distinct ids, Σ total_sum, rows written
 * more than once, the ids against the true set (shop by shop, so no answer of psql grows large), the lag
 * from reception to the row, and the late arrivals in it.
 */

const num = (s) => Number(String(s).trim());

/** psql -At rows → arrays of fields. */
const rows = (text) =>
	text
		.trim()
		.split('\n')
		.filter(Boolean)
		.map((l) => l.split('|'));

function readTable(pg, trueIds, lateIds, zone) {
	const [count, distinct, sum, rewritten, maxWrites] = rows(
		pg.psql(
			'SELECT count(*), count(DISTINCT id), coalesce(sum(total_sum), 0), count(*) FILTER (WHERE writes > 1), coalesce(max(writes), 0) FROM receipts',
		),
	)[0].map(Number);
	// the ids against the true set, shop by shop
	const want = new Map();
	for (const id of trueIds) {
		const shop = id.split('-').slice(0, 2).join('-');
		if (!want.has(shop)) want.set(shop, new Set());
		want.get(shop).add(id);
	}
	const shops = rows(pg.psql('SELECT DISTINCT shop_id FROM receipts')).map((r) => r[0]);
	let missing = 0;
	let extra = 0;
	let lateWritten = 0;
	const examples = { missing: [], extra: [] };
	for (const shop of new Set([...want.keys(), ...shops])) {
		const got = new Set(
			rows(pg.psql(`SELECT id FROM receipts WHERE shop_id = '${shop.replace(/'/g, "''")}'`)).map(
				(r) => r[0],
			),
		);
		const w = want.get(shop) || new Set();
		for (const id of got) if (lateIds.has(id)) lateWritten++;
		for (const id of w)
			if (!got.has(id)) {
				missing++;
				if (examples.missing.length < 5) examples.missing.push(id);
			}
		for (const id of got)
			if (!w.has(id)) {
				extra++;
				if (examples.extra.length < 5) examples.extra.push(id);
			}
	}
	// lag: the row's first write (loaded_at, the database's clock) minus received_datetime (the API's, whole
	// seconds: up to 1 s earlier than the moment of reception, so the lag reads up to 1 s long)
	const [p50, p95, p99, max, mean] = rows(
		pg.psql(
			`SELECT percentile_cont(ARRAY[0.5, 0.95, 0.99]) WITHIN GROUP (ORDER BY x), max(x), avg(x) FROM (SELECT extract(epoch FROM loaded_at - received_datetime) AS x FROM receipts) s`,
		),
	)[0]
		.join('|')
		.replace(/[{}]/g, '')
		.split(/[|,]/)
		.map(Number);
	const late = num(
		pg.psql(
			"SELECT count(*) FROM receipts WHERE received_datetime - created_datetime > interval '1 hour'",
		),
	);
	const lateAcrossMidnight = num(
		pg.psql(
			`SELECT count(*) FROM receipts WHERE received_datetime - created_datetime > interval '1 hour' AND (received_datetime AT TIME ZONE '${zone}')::date > (created_datetime AT TIME ZONE '${zone}')::date`,
		),
	);
	return {
		count,
		distinct,
		sum,
		rewritten,
		maxWrites,
		missing,
		extra,
		examples,
		lagSeconds: { p50, p95, p99, max, mean },
		late,
		lateAcrossMidnight,
		lateWritten,
	};
}

module.exports = { readTable };
