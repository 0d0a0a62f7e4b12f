'use strict';
/*
 * Moves this process's clock (Date.now() and `new Date()`; timers and performance.now() untouched) by
 * $E2E_CLOCK_SHIFT_MS, or by what setShift() set last. Loaded with `node --require` into n8n, and by
 * run.js into itself with the same shift: n8n's cron, the trigger's "today" and the checks' clock then
 * agree, and the receipts e2e puts a center's midnight inside its polls whatever the hour CI runs at.
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

module.exports = {
	/** the shift from now on (ms); 0: the real clock */
	setShift(ms) {
		shift = ms;
	},
	realNow: () => RealDate.now(),
	path: __filename,
};
