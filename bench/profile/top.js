/**
 * The heaviest functions of a V8 .cpuprofile by self time (and the share of garbage collection), the
 * way the issue's figures were read:
 *   node bench/profile/top.js <file.cpuprofile> [--top 30] [--per N] [--from S --to S] [--timeline]
 * --per: also per N units (e.g. the records of the run: ms per 1000 records); --from / --to: only the
 * samples between these seconds after the profile's start (a long-lived process such as n8n: the
 * export's span); --timeline: busy ms per 10 s of the profile, to find that span.
 */
const fs = require('node:fs');

const argAt = (name) => process.argv.indexOf(name);
const num = (name, fallback) =>
	argAt(name) > 0 ? Number(process.argv[argAt(name) + 1]) : fallback;
const file = process.argv[2];
const top = num('--top', 30);
const per = num('--per', 0);
const fromS = num('--from', -Infinity);
const toS = num('--to', Infinity);
const profile = JSON.parse(fs.readFileSync(file, 'utf8'));
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const self = new Map();
const dt = profile.timeDeltas;
const timeline = [];
let t = 0;
for (let i = 0; i < profile.samples.length; i++) {
	t += dt[i] || 0;
	const s = t / 1e6;
	const n = byId.get(profile.samples[i]);
	const f = n.callFrame;
	const ms = (dt[i] || 0) / 1000;
	if (f.functionName !== '(idle)') {
		const b = Math.floor(s / 10);
		timeline[b] = (timeline[b] || 0) + ms;
	}
	if (s < fromS || s > toS) continue;
	const url = (f.url || '').replace(/^.*\/(node_modules|nodes|test|bench)\//, '$1/');
	const key = `${f.functionName || '(anonymous)'} ${url}:${f.lineNumber + 1}`;
	self.set(key, (self.get(key) || 0) + ms);
}
if (argAt('--timeline') > 0) {
	for (let b = 0; b < timeline.length; b++)
		console.log(`${String(b * 10).padStart(5)} s  ${Math.round(timeline[b] || 0)} ms busy`);
	process.exit(0);
}
const total = [...self.values()].reduce((a, b) => a + b, 0);
const idle = self.get('(idle) :0') || 0;
const rows = [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, top);
console.log(`total ${total.toFixed(0)} ms, busy ${(total - idle).toFixed(0)} ms`);
for (const [k, ms] of rows)
	console.log(
		`${ms.toFixed(1).padStart(9)} ms ${((ms / total) * 100).toFixed(1).padStart(5)} %${per ? `  ${((ms / per) * 1000).toFixed(2).padStart(8)} /1000` : ''}  ${k}`,
	);
