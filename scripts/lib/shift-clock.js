'use strict';
/*
 * Moves this process's clock (Date.now() and `new Date()`; timers and performance.now() untouched) by
 * $E2E_CLOCK_SHIFT_MS, or by what setShift() set last. Loaded with `node --require` into n8n (and the
 * bench's sandbox), and by its user into itself with the same shift, so that n8n's cron, the trigger's
 * "today" and the checker's clock agree: the receipts e2e (test/e2e/receipts/run.js) puts a center's
 * midnight inside its polls whatever the hour CI runs at; the bench's dayBudget --day-at puts its
 * window at a chosen hour of the center's day. n8n 2.x's durable scheduler reads its time from its
 * database (SQLite's 'now', see @n8n/db's dialect-time.js), so the SQL n8n sends through sqlite3 has
 * its 'now' moved by the same shift (patchSqlite below).
 */
let shift = Number(process.env.E2E_CLOCK_SHIFT_MS || 0);
const RealDate = globalThis.__e2eRealDate || Date;
if (!globalThis.__e2eRealDate) {
	globalThis.__e2eRealDate = RealDate;
	// a function, not a class: `Date()` without `new` still works; instances are plain Dates
	function ShiftedDate(...args) {
		if (!new.target) return new RealDate(RealDate.now() + shift).toString();
		return Reflect.construct(RealDate, args.length ? args : [RealDate.now() + shift], new.target);
	}
	ShiftedDate.prototype = RealDate.prototype;
	Object.setPrototypeOf(ShiftedDate, RealDate);
	ShiftedDate.now = () => RealDate.now() + shift;
	globalThis.Date = ShiftedDate;
}

/**
 * sqlite3's Database methods that take SQL text, wrapped so that every 'now' in a query reads
 * 'now', '+<shift> seconds' (a modifier SQLite's date functions apply in order): n8n's clock and its
 * database's then agree, and the durable scheduler's due times (runAt <= 'now') come as in real time.
 * Column defaults stay the real time (the scheduler compares none of them with its clock).
 */
function patchSqlite(sqlite3) {
	const proto = sqlite3 && sqlite3.Database && sqlite3.Database.prototype;
	if (!proto || proto.__e2eShifted) return;
	proto.__e2eShifted = true;
	for (const name of ['prepare', 'run', 'get', 'all', 'each', 'map', 'exec']) {
		const original = proto[name];
		if (typeof original !== 'function') continue;
		proto[name] = function (sql, ...rest) {
			// DDL as it is (n8n's migrations parse tables' column defaults back from their SQL)
			if (shift && typeof sql === 'string' && !/^\s*(create|alter|drop)\b/i.test(sql))
				sql = sql.replace(/'now'/gi, `'now', '${shift < 0 ? '' : '+'}${shift / 1000} seconds'`);
			return original.call(this, sql, ...rest);
		};
	}
}
if (!globalThis.__e2eSqliteHook) {
	globalThis.__e2eSqliteHook = true;
	const Module = require('module');
	const load = Module._load;
	Module._load = function (request, ...rest) {
		const loaded = load.call(this, request, ...rest);
		// sqlite3's exports, however required (typeorm asks for 'sqlite3'); no other module is looked into
		if (typeof request === 'string' && request.endsWith('sqlite3') && loaded) patchSqlite(loaded);
		return loaded;
	};
}

/** The zone's offset from UTC at the real moment `ms` (ms; Yekaterinburg +5 h). */
function zoneOffsetMs(zone, ms) {
	const f = new Intl.DateTimeFormat('en-CA', {
		timeZone: zone,
		hourCycle: 'h23',
		year: 'numeric',
		month: '2-digit',
		day: '2-digit',
		hour: '2-digit',
		minute: '2-digit',
		second: '2-digit',
	});
	const p = Object.fromEntries(f.formatToParts(ms).map((x) => [x.type, Number(x.value)]));
	const wall = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
	return wall - Math.floor(ms / 1000) * 1000;
}

/**
 * The shift that makes the clock read `hh:mm` in `zone` now (the nearest such moment, at most 12 h
 * away from the real one).
 */
function shiftToLocal(zone, hh, mm) {
	const real = RealDate.now();
	const offset = zoneOffsetMs(zone, real);
	const localNow = real + offset;
	const dayStart = Math.floor(localNow / 86400e3) * 86400e3;
	let target = dayStart + (hh * 60 + mm) * 60_000;
	if (target - localNow > 43200e3) target -= 86400e3;
	if (localNow - target > 43200e3) target += 86400e3;
	return target - localNow;
}

module.exports = {
	/** the shift from now on (ms); 0: the real clock */
	setShift(ms) {
		shift = ms;
	},
	shiftToLocal,
	realNow: () => RealDate.now(),
	path: __filename,
};
