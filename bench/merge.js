#!/usr/bin/env node
'use strict';
/*
 * Runs made side by side, into one latest.json: each run with --out in a folder of its own (the
 * long real-day scenarios, dayBudget, dayBudgetNight and replica, wait on the clock most of the time
 * and can run beside each other), then
 *
 *   node bench/merge.js BASE/latest.json OTHER/latest.json … [--out bench/results]
 *
 * BASE is kept whole; from each OTHER, what that run measured itself (the entries it did not carry)
 * replaces BASE's entries of the same scenarios, marked `carried` with that run's date, commit, product
 * and scaled minute (report/carry.js), so each row still says where it was measured. Then entries on
 * other product files than the working tree's are marked stale (report/product.js), and latest.json
 * and latest.md are written to --out.
 */
const fs = require('node:fs');
const path = require('node:path');
const { markStale, productHash } = require('./report/product');
const { markdown } = require('./report/markdown');

const ROOT = path.resolve(__dirname, '..');

function parseArgs(argv) {
	const o = { files: [], out: path.join(__dirname, 'results') };
	for (let i = 0; i < argv.length; i++)
		if (argv[i] === '--out') o.out = path.resolve(argv[++i]);
		else o.files.push(path.resolve(argv[i]));
	if (o.files.length < 2) throw new Error('usage: node bench/merge.js BASE OTHER … [--out DIR]');
	return o;
}

/** The scenario keys a run measured itself (entries it wrote without a `carried` mark). */
function measuredKeys(run) {
	const keys = new Set();
	for (const e of [...run.rows, ...run.targets]) if (e.scenario && !e.carried) keys.add(e.scenario);
	return keys;
}

/** Where a run measured: the fields of report/carry.js's mark. */
const markOf = (run) => ({
	date: run.date,
	commit: run.git && run.git.commit,
	product: run.git && run.git.product,
	windowMs: run.windowMs,
});

function mergeInto(base, other) {
	const keys = measuredKeys(other);
	const mark = markOf(other);
	const fresh = (list) =>
		list.filter((e) => keys.has(e.scenario) && !e.carried).map((e) => ({ ...e, carried: mark }));
	for (const field of ['rows', 'targets']) {
		const kept = base[field].filter((e) => !keys.has(e.scenario));
		base[field] = [...kept, ...fresh(other[field])];
	}
	for (const field of ['scenarios', 'fileExports'])
		for (const key of keys)
			if (other[field] && other[field][key] && !other[field][key].carried) {
				base[field] = base[field] || {};
				base[field][key] = { ...other[field][key], carried: mark };
			}
	base.carriedScenarios = [...new Set([...(base.carriedScenarios || []), ...keys])];
	base.notes = [
		...(base.notes || []),
		`${[...keys].join(', ')}: measured in a run beside this one (${mark.date}, ${mark.commit})`,
	];
	return [...keys];
}

function main() {
	const o = parseArgs(process.argv.slice(2));
	const [base, ...others] = o.files.map((f) => JSON.parse(fs.readFileSync(f, 'utf8')));
	for (let i = 0; i < others.length; i++)
		console.log(`${path.relative(ROOT, o.files[i + 1])}: ${mergeInto(base, others[i]).join(', ')}`);
	markStale(base, productHash(ROOT));
	fs.mkdirSync(o.out, { recursive: true });
	fs.writeFileSync(path.join(o.out, 'latest.json'), JSON.stringify(base, null, 2) + '\n');
	fs.writeFileSync(path.join(o.out, 'latest.md'), markdown(base));
	console.log(`written ${path.relative(ROOT, o.out)}/latest.json and latest.md`);
}

main();
