/**
 * How many polls a day n8n's Poll Times field (pollTimes, added to every polling node by n8n) makes,
 * and how the panel says it ("every minute", "every 5 minutes"). n8n turns each entry into a cron
 * expression (n8n-workflow's toCronExpression: everyX minutes is `*\/X` in the minute field, so every 7
 * minutes is 9 polls an hour, not 60/7); the entries add up. A custom cron expression is counted by
 * its second, minute and hour fields (a day it runs on); one this count cannot read gives no count.
 */

export interface PollTimesItem {
	mode?: unknown;
	value?: unknown;
	unit?: unknown;
	cronExpression?: unknown;
}

export interface PollRate {
	/** polls a day (a weekly entry counts 1/7, a monthly one 1/30); undefined: not countable */
	perDay?: number;
	/** the Poll Times in words: "every minute", "every 5 minutes", "2 poll times" */
	words: string;
}

const DAY_MINUTES = 1440;

/** The entries of a pollTimes value ({ item: [...] }); none when it is not one. */
export function pollTimesItems(value: unknown): PollTimesItem[] {
	const items = (value as { item?: unknown } | undefined)?.item;
	return Array.isArray(items)
		? items.filter((i): i is PollTimesItem => !!i && typeof i === 'object')
		: [];
}

/** How many of 0..max a cron field matches (`*`, `*\/n`, `a-b`, `a-b/n`, lists); undefined: unreadable. */
export function cronFieldCount(field: string, max: number): number | undefined {
	const hits = new Set<number>();
	for (const part of field.split(',')) {
		const m = /^(\*|\d+(?:-\d+)?)(?:\/(\d+))?$/.exec(part.trim());
		if (!m) return undefined;
		const step = m[2] === undefined ? 1 : Number(m[2]);
		if (step < 1) return undefined;
		let [from, to] = [0, max];
		if (m[1] !== '*') {
			const [a, b] = m[1].split('-').map(Number);
			[from, to] = [a, b ?? (m[2] === undefined ? a : max)];
		}
		if (from > to || to > max) return undefined;
		for (let v = from; v <= to; v += step) hits.add(v);
	}
	return hits.size;
}

/** Fires a day of a cron expression (5 fields, or 6 with seconds first), on a day it runs. */
export function cronPerDay(expression: string): number | undefined {
	const fields = expression.trim().split(/\s+/);
	if (fields.length !== 5 && fields.length !== 6) return undefined;
	const [seconds, minutes, hours] = fields.length === 6 ? fields : ['0', ...fields];
	const counts = [
		cronFieldCount(seconds, 59),
		cronFieldCount(minutes, 59),
		cronFieldCount(hours, 23),
	];
	if (counts.some((c) => c === undefined)) return undefined;
	return (counts as number[]).reduce((a, b) => a * b, 1);
}

/** One entry: polls a day and words. */
function rateOf(item: PollTimesItem): PollRate {
	const n = Number(item.value);
	switch (item.mode) {
		case 'everyMinute':
			return { perDay: DAY_MINUTES, words: 'every minute' };
		case 'everyHour':
			return { perDay: 24, words: 'every hour' };
		case 'everyDay':
			return { perDay: 1, words: 'once a day' };
		case 'everyWeek':
			return { perDay: 1 / 7, words: 'once a week' };
		case 'everyMonth':
			return { perDay: 1 / 30, words: 'once a month' };
		case 'everyX': {
			if (!Number.isInteger(n) || n < 1) return { words: 'every X (no valid value)' };
			const hours = item.unit === 'hours';
			const perDay = hours ? Math.floor(23 / n) + 1 : (Math.floor(59 / Math.min(n, 60)) + 1) * 24;
			return { perDay, words: `every ${n} ${hours ? 'hour' : 'minute'}${n === 1 ? '' : 's'}` };
		}
		case 'custom': {
			const cron = typeof item.cronExpression === 'string' ? item.cronExpression : '';
			return { perDay: cronPerDay(cron), words: `at the custom times ${cron.trim()}` };
		}
		default:
			return { words: 'at no valid poll time' };
	}
}

/** Polls a day of the whole field (its entries add up) and its words. */
export function pollRate(value: unknown): PollRate {
	const items = pollTimesItems(value);
	if (items.length === 0) return { perDay: 0, words: 'with no Poll Times' };
	const rates = items.map(rateOf);
	const countable = rates.every((r) => r.perDay !== undefined);
	const perDay = countable ? rates.reduce((sum, r) => sum + (r.perDay ?? 0), 0) : undefined;
	return { perDay, words: rates.length === 1 ? rates[0].words : `at ${rates.length} poll times` };
}

/** Paths of pollTimes the editor compares to reload an estimate (it joins them as text). */
export const POLL_TIMES_PATHS = ['pollTimes.item.length'].concat(
	[0, 1, 2].flatMap((i) =>
		['mode', 'value', 'unit', 'cronExpression'].map((k) => `pollTimes.item[${i}].${k}`),
	),
);
