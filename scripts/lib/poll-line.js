'use strict';
/*
 * The Shopping Center Trigger's one line per poll in n8n's log (nodes/ShoppingCenterEventsTrigger/
 * pollLog.ts), read back by the e2e legs and the bench that count polls or a poll's requests:
 *
 *   Shopping Center Trigger (New Receipt): 9 read(s), 11 request(s), 4 item(s); center 1002: 7 request(s), today …; center 1004: 4 request(s), …
 *
 * Matched loosely (the line's wording may change): it begins `Shopping Center Trigger (<event>)` and
 * says `N request(s)`; each `;`-separated part that names a center and `N request(s)` gives that
 * center's requests. The parsing is this one function; the rest only uses what it returns.
 * splitPolls cuts a center's requests in the sandbox's log into the polls the lines count.
 */
const fs = require('node:fs');

const number = (s) => Number(s.replace(/,/g, ''));

/** { event, requests, centers: { '1002': 7, … } } for a poll line, null for any other line. */
function parsePollLine(line) {
	const head = /Shopping Center Trigger \(([^)]+)\)[^;]*?(\d[\d,]*) request\(s\)/.exec(line);
	if (!head) return null;
	const centers = {};
	for (const part of line.slice(head.index).split(';').slice(1)) {
		const m = /\b(\d{4,})\b\D[^;]*?(\d[\d,]*) request\(s\)/.exec(part);
		if (m) centers[m[1]] = number(m[2]);
	}
	return { event: head[1], requests: number(head[2]), centers };
}

/** The poll lines of a log's text, optionally of one event. */
const pollLinesOf = (text, event) =>
	text
		.split('\n')
		.map(parsePollLine)
		.filter((p) => p && (!event || p.event === event));

/** Where n8n's log file opens each start's part (scripts/n8n/instance/start.js startLine). */
const START_MARK = '──── n8n ';

/**
 * The poll lines of a log file (n8n's own, scripts/n8n/instance/start.js), optionally of one event;
 * `lastStart`: only those of the running process (the file is appended across restarts).
 */
function pollLines(logFile, event, { lastStart = false } = {}) {
	let text = fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8') : '';
	if (lastStart) text = text.slice(Math.max(text.lastIndexOf(START_MARK), 0));
	return pollLinesOf(text, event);
}

/**
 * A center's requests in the sandbox's log (in order) cut into polls, as many for each poll as its line
 * says (`counts`); stops at a poll whose requests are not all in the log yet.
 */
function splitPolls(entries, counts) {
	const polls = [];
	let at = 0;
	for (const n of counts) {
		if (at + n > entries.length) break;
		polls.push(entries.slice(at, at + n));
		at += n;
	}
	return polls;
}

module.exports = { parsePollLine, pollLinesOf, pollLines, splitPolls };
