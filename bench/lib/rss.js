'use strict';
/**
 * Memory of the n8n process: the main process's own peak (VmHWM, reset before each scenario through
 * /proc/<pid>/clear_refs, so it is exact and misses nothing), and the resident set of the whole process
 * tree (n8n + its task runner) sampled every few milliseconds with timestamps, to tell which phase of a
 * run the memory went to. Each sample also reads the main process's CPU time (utime + stime of
 * /proc/<pid>/stat), so the CPU n8n spent over any span of the run can be taken afterwards.
 */
const fs = require('node:fs');

function statusKb(pid, field) {
	try {
		const m = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(
			fs.readFileSync(`/proc/${pid}/status`, 'utf8'),
		);
		return m ? Number(m[1]) : undefined;
	} catch {
		return undefined;
	}
}

/** Clock ticks per second of /proc/<pid>/stat (USER_HZ: 100 on Linux unless the kernel says otherwise). */
const TICKS_PER_S = Number(process.env.BENCH_CLK_TCK || 100);

/** CPU time (user + system) the process has used, in ms. */
function cpuMs(pid) {
	try {
		const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
		const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
		// fields 14 and 15 of stat (utime, stime) are 11 and 12 after the command name and state
		return ((Number(f[11]) + Number(f[12])) * 1000) / TICKS_PER_S;
	} catch {
		return undefined;
	}
}

function children(pid) {
	const out = [];
	for (const d of fs.readdirSync('/proc')) {
		if (!/^\d+$/.test(d)) continue;
		try {
			const stat = fs.readFileSync(`/proc/${d}/stat`, 'utf8');
			const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
			if (ppid === pid) out.push(Number(d));
		} catch {
			/* gone */
		}
	}
	return out;
}

function tree(pid) {
	const all = [pid];
	for (let i = 0; i < all.length; i++) all.push(...children(all[i]));
	return all;
}

/** Resets the peak-RSS mark of a process (Linux: writing 5 to clear_refs); false when not allowed. */
function resetPeak(pid) {
	try {
		fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
		return true;
	} catch {
		return false;
	}
}

class RssSampler {
	constructor(pid, intervalMs = 50) {
		this.pid = pid;
		this.intervalMs = intervalMs;
		this.samples = [];
		this.pids = tree(pid);
	}

	sampleOnce() {
		const t = Date.now();
		let total = 0;
		let main = 0;
		for (const p of this.pids) {
			const kb = statusKb(p, 'VmRSS');
			if (kb === undefined) continue;
			total += kb;
			if (p === this.pid) main = kb;
		}
		this.samples.push({ t, mainKb: main, treeKb: total, cpuMs: cpuMs(this.pid) });
	}

	start() {
		this.samples = [];
		this.pids = tree(this.pid);
		this.peakReset = resetPeak(this.pid);
		this.sampleOnce();
		this.baseline = this.samples[0];
		this.timer = setInterval(() => this.sampleOnce(), this.intervalMs);
		// a task runner may start while the run goes on
		this.treeTimer = setInterval(() => (this.pids = tree(this.pid)), 5000);
		return this;
	}

	stop() {
		clearInterval(this.timer);
		clearInterval(this.treeTimer);
		this.sampleOnce();
		const hwmKb = statusKb(this.pid, 'VmHWM');
		const peak = (from = -Infinity, to = Infinity, key = 'treeKb') =>
			this.samples.filter((s) => s.t >= from && s.t <= to).reduce((m, s) => Math.max(m, s[key]), 0);
		return {
			baselineMainKb: this.baseline.mainKb,
			baselineTreeKb: this.baseline.treeKb,
			mainPeakKb:
				this.peakReset && hwmKb !== undefined ? hwmKb : peak(-Infinity, Infinity, 'mainKb'),
			mainPeakFrom: this.peakReset && hwmKb !== undefined ? 'VmHWM' : 'samples',
			treePeakKb: peak(),
			samples: this.samples.length,
			peakBetween: (from, to, key) => peak(from, to, key),
			cpuBetween: (from, to) => this.cpuBetween(from, to),
		};
	}

	/**
	 * CPU ms of the main process between two instants: the last sample at or before `from` to the first
	 * at or after `to` (so the span is covered; ≤ one sampling interval more on each side).
	 */
	cpuBetween(from, to) {
		const ok = this.samples.filter((s) => s.cpuMs !== undefined);
		let a;
		let b;
		for (const s of ok) {
			if (s.t <= from) a = s;
			if (s.t >= to && !b) b = s;
		}
		a = a || ok[0];
		b = b || ok[ok.length - 1];
		if (!a || !b) return undefined;
		return { ms: b.cpuMs - a.cpuMs, fromT: a.t, toT: b.t };
	}
}

module.exports = { RssSampler, resetPeak, statusKb, tree, cpuMs };
