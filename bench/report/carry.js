'use strict';
/*
 * A run with --only measures some scenarios; latest.json keeps every row and target: those of scenarios
 * this run did not run are carried from the previous latest.json, each marked with the date, commit,
 * product files (report/product.js: a carried entry on other product files is stale) and scaled minute
 * of the run that measured it (so rows meant to be read side by side stay from one run).
 * Every row and target names its scenario (`scenario`, the --only key); an entry without one (a file
 * written before the tag existed) is carried only when this run wrote no entry with the same label/target.
 */
const fs = require('node:fs');

/** The previous latest.json, or undefined. */
function readPrevious(file) {
	try {
		return JSON.parse(fs.readFileSync(file, 'utf8'));
	} catch {
		return undefined;
	}
}

/** Where an entry of the previous file was measured: its own mark if it was carried there already. */
function measuredBy(entry, previous) {
	return (
		entry.carried || {
			date: previous.date,
			commit: previous.git && previous.git.commit,
			product: previous.git && previous.git.product,
			windowMs: previous.windowMs,
		}
	);
}

function carriedEntries(list, previousList, previous, ran, sameText) {
	const texts = new Set(list.map(sameText));
	const out = [];
	for (const e of previousList || []) {
		// an entry this run wrote again (the same label / target text) is not carried, whichever scenario named it
		const keep = !texts.has(sameText(e)) && (!e.scenario || !ran.has(e.scenario));
		if (keep) out.push({ ...e, carried: measuredBy(e, previous) });
	}
	return out;
}

/**
 * Adds to `result` (rows, targets, scenarios, fileExports) what `previous` measured for scenarios not in
 * `ran` (the keys this run asked for, plus every scenario an entry of this run names). Returns the keys carried.
 */
function carryOver(result, previous, asked) {
	if (!previous) return [];
	const ran = new Set(asked);
	for (const e of [...result.rows, ...result.targets]) if (e.scenario) ran.add(e.scenario);
	const rows = carriedEntries(result.rows, previous.rows, previous, ran, (r) => r.label);
	const targets = carriedEntries(result.targets, previous.targets, previous, ran, (t) => t.target);
	result.rows.push(...rows);
	result.targets.push(...targets);
	const keys = new Set([...rows, ...targets].map((e) => e.scenario).filter(Boolean));
	// the raw figures behind the carried rows, marked the same way
	for (const [field, source] of [
		['scenarios', previous.scenarios],
		['fileExports', previous.fileExports],
	]) {
		for (const key of keys) {
			if (!source || !source[key] || (result[field] && result[field][key])) continue;
			result[field] = result[field] || {};
			result[field][key] = {
				...source[key],
				carried: measuredBy(source[key], previous),
			};
		}
	}
	return [...keys];
}

/** " (measured … , commit …)" for a carried entry, "" otherwise. */
function carriedText(e) {
	if (!e.carried) return '';
	const c = e.carried;
	return ` _(carried: measured ${String(c.date || '?')
		.slice(0, 16)
		.replace(
			'T',
			' ',
		)} UTC, commit ${c.commit || '?'}${c.windowMs ? `, scaled minute ${c.windowMs} ms` : ''})_`;
}

module.exports = { readPrevious, carryOver, carriedText };
