'use strict';
/*
 * The CPU floor of a file export, run as a child process of the bench (so its CPU is its own): a plain
 * client that does what any export has to do with each page and nothing else — fetch, JSON.parse, a
 * minimal CSV of the page (the receipt's columns plus sc_id and shop_id, quotes only where a string
 * needs them) appended to a file — one request at a time over the given selections. Prints one JSON
 * line: records, requests, cpuMs (process.cpuUsage over the loop), wallMs.
 * stdin: { baseUrl, clientId, clientSecret, sc, perPage, selections: [{ shop, start, end }] }
 */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

async function main() {
	const input = JSON.parse(fs.readFileSync(0, 'utf8'));
	const { baseUrl, clientId, clientSecret, sc, perPage, selections } = input;
	const t = await fetch(`${baseUrl}/auth/token`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify({ client_id: clientId, client_secret: clientSecret }),
	});
	const bearer = (await t.json()).access_token;
	const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'sc-floor-')), 'floor.csv');
	const fd = fs.openSync(file, 'w');
	let columns;
	let records = 0;
	let requests = 0;
	const cell = (v) => {
		if (v === null || v === undefined) return '';
		if (typeof v === 'string') return /[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v;
		if (typeof v === 'object') return `"${JSON.stringify(v).replace(/"/g, '""')}"`;
		return String(v);
	};
	const cpu0 = process.cpuUsage();
	const t0 = Date.now();
	try {
		for (const s of selections) {
			for (let page = 1; ; page++) {
				const res = await fetch(
					`${baseUrl}/sc/${sc}/shops/${s.shop}/receipts?start_created_date=${s.start}&end_created_date=${s.end}&page=${page}&per_page=${perPage}`,
					{ headers: { authorization: `Bearer ${bearer}`, accept: 'application/json' } },
				);
				const body = JSON.parse(await res.text());
				requests++;
				if (!body.success) throw new Error(`floor client: ${JSON.stringify(body.error)}`);
				const rows = body.data;
				let chunk = '';
				for (const row of rows) {
					if (!columns) {
						columns = Object.keys(row).filter((k) => k !== 'sc_id' && k !== 'shop_id');
						fs.writeSync(fd, ['sc_id', 'shop_id', ...columns].join(',') + '\r\n');
					}
					let line = `${sc},${s.shop}`;
					for (const c of columns) line += ',' + cell(row[c]);
					chunk += line + '\r\n';
				}
				if (chunk) fs.writeSync(fd, chunk);
				records += rows.length;
				const total = body.meta && body.meta.pagination && body.meta.pagination.total;
				if (rows.length < perPage || (typeof total === 'number' && page * perPage >= total)) break;
			}
		}
	} finally {
		fs.closeSync(fd);
	}
	const wallMs = Date.now() - t0;
	const cpu = process.cpuUsage(cpu0);
	const bytes = fs.statSync(file).size;
	fs.rmSync(path.dirname(file), { recursive: true, force: true });
	process.stdout.write(
		JSON.stringify({ records, requests, cpuMs: (cpu.user + cpu.system) / 1000, wallMs, bytes }) +
			'\n',
	);
}

main().catch((e) => {
	process.stderr.write(`${e.stack || e.message}\n`);
	process.exit(1);
});
