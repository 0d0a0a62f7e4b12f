'use strict';
/** Small helpers of the bench: dates, windows, statistics, placeholders, formatting. */
const fs = require('node:fs');
const path = require('node:path');

const sleep = (ms) => new Promise((r) => setTimeout(r, Math.max(0, ms)));

const DAY_MS = 86_400_000;

function addDays(date, n) {
	return new Date(Date.parse(`${date}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
}

function daysBetween(a, b) {
	return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / DAY_MS) + 1;
}

/** The nodes' own split (nodes/shared/windows.ts splitDays): consecutive windows of `size` days from the start. */
function splitDays(start, end, size) {
	const out = [];
	for (let s = start; s <= end; s = addDays(s, size)) {
		const e = addDays(s, size - 1);
		out.push({ start: s, end: e < end ? e : end });
	}
	return out;
}

function median(xs) {
	const s = [...xs].sort((a, b) => a - b);
	return s.length
		? s.length % 2
			? s[(s.length - 1) / 2]
			: (s[s.length / 2 - 1] + s[s.length / 2]) / 2
		: NaN;
}

/** Loads a workflow template of bench/workflows and fills its %PLACEHOLDERS% (a whole-string placeholder keeps the value's type). */
function loadWorkflow(file, values) {
	const raw = JSON.parse(fs.readFileSync(path.join(__dirname, '..', 'workflows', file), 'utf8'));
	const fill = (v) => {
		if (typeof v === 'string') {
			const whole = /^%([A-Z0-9_]+)%$/.exec(v);
			if (whole && whole[1] in values) return values[whole[1]];
			return v.replace(/%([A-Z0-9_]+)%/g, (m, k) => (k in values ? String(values[k]) : m));
		}
		if (Array.isArray(v)) return v.map(fill);
		if (v && typeof v === 'object')
			return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, fill(x)]));
		return v;
	};
	const wf = fill(raw);
	const left = JSON.stringify(wf).match(/%[A-Z0-9_]+%/g);
	if (left)
		throw new Error(`${file}: placeholders left unfilled: ${[...new Set(left)].join(', ')}`);
	return wf;
}

function nodeOf(wf, name) {
	const n = wf.nodes.find((x) => x.name === name);
	if (!n) throw new Error(`workflow "${wf.name}" has no node "${name}"`);
	return n;
}

const fmt = {
	int: (n) =>
		n === undefined || n === null || Number.isNaN(n) ? '–' : Math.round(n).toLocaleString('en-US'),
	num: (n, d = 2) => (n === undefined || n === null || Number.isNaN(n) ? '–' : n.toFixed(d)),
	pct: (n) =>
		n === undefined || n === null || Number.isNaN(n) ? '–' : `${(n * 100).toFixed(1)} %`,
	mb: (kb) => (kb === undefined || kb === null ? '–' : `${(kb / 1024).toFixed(0)} MB`),
	ratio: (n) =>
		n === undefined || n === null || Number.isNaN(n) || !Number.isFinite(n)
			? '–'
			: `${n.toFixed(2)}×`,
};

module.exports = {
	sleep,
	addDays,
	daysBetween,
	splitDays,
	median,
	loadWorkflow,
	nodeOf,
	fmt,
	DAY_MS,
};
