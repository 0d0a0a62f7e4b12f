// The table `npm test` (scripts/test.js) prints at its end: each phase with when it began (after the
// run's start) and its wall time, so a slow run says where its minutes went. Plain Node.
'use strict';

/** 75_300 → "1:15" (m:ss); an hour or more as h:mm:ss. */
function clock(ms) {
	const s = Math.round(ms / 1000);
	const mmss = `${Math.floor((s % 3600) / 60)}:${String(s % 60).padStart(2, '0')}`;
	return s >= 3600 ? `${Math.floor(s / 3600)}:${mmss.padStart(5, '0')}` : mmss;
}

/**
 * Rows: { name, ok (true, false, or null for a phase that counts neither way), startMs (after the
 * run's start), ms, depth (0 a phase, 1 a part of the phase above) }.
 */
function phaseTable(rows, totalMs) {
	const label = (r) =>
		`${'  '.repeat(r.depth || 0)}${r.ok === null ? '·' : r.ok ? '✔' : '✖'} ${r.name}`;
	const width = Math.max(...rows.map((r) => label(r).length), 5);
	const lines = [`  ${'phase'.padEnd(width)}   start    wall`];
	for (const r of rows)
		lines.push(
			`  ${label(r).padEnd(width)}  ${(r.startMs === undefined ? '' : `+${clock(r.startMs)}`).padStart(6)}  ${(r.ms === undefined ? '' : clock(r.ms)).padStart(6)}`,
		);
	lines.push(`  ${'total'.padEnd(width)}  ${''.padStart(6)}  ${clock(totalMs).padStart(6)}`);
	return lines.join('\n');
}

module.exports = { phaseTable, clock };
