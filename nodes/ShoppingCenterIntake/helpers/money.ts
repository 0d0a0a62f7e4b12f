/**
 * Money for the declared-turnover call: the API takes integer kopecks; the previous API version took
 * currency units. Values are converted from their DECIMAL TEXT, never through float arithmetic.
 *
 * Accepted text (both units):
 * - digits, optionally grouped by thousands with spaces (regular, no-break or thin space), groups of
 *   exactly three digits after the first: "1234", "1 234", "1 234 567";
 * - currency units only: a decimal part after ONE decimal separator, "." or ",":
 *   "12.34", "12,34", "1 234,56". Up to two decimals; more decimals only when they are zeros
 *   ("12.340" is 12.34, "12.345" is refused: kopecks are the smallest unit).
 * Refused: negative values, "," or "." as thousands separators ("1,234.56", "1.234,56" are ambiguous
 * between locales), currency signs, exponents, empty text; in kopecks, any decimal part.
 * A JSON number is read through its shortest decimal text (12.34 → "12.34"); send text when exactness
 * matters (spreadsheets do).
 */
import { quoted } from '../../shared/input';

export const AMOUNT_UNITS = ['kopecks', 'currencyUnits'] as const;
export type AmountUnit = (typeof AMOUNT_UNITS)[number];

export class MoneyProblem extends Error {}

const SPACES = /[\u0020\u00A0\u2009\u202F]/g;
const GROUPED = /^\d{1,3}( \d{3})+$/;
const PLAIN = /^\d+$/;

/** The integer part's digits ("1 234" → "1234"), or a problem. */
function integerDigits(text: string, original: unknown): string {
	const normalized = text.replace(SPACES, ' ');
	if (PLAIN.test(normalized)) return normalized;
	if (GROUPED.test(normalized)) return normalized.replace(/ /g, '');
	throw new MoneyProblem(
		`${quoted(original)} is not an amount: use digits, optionally grouped by thousands with spaces ("1 234 567")`,
	);
}

/** Kopecks (a safe integer ≥ 0) from text or a number, in the given unit. */
export function toKopecks(value: unknown, unit: AmountUnit): number {
	let text: string;
	if (typeof value === 'number') {
		if (!Number.isFinite(value)) throw new MoneyProblem(`${quoted(value)} is not a number`);
		if (value < 0)
			throw new MoneyProblem(`${quoted(value)} is negative; the API rejects negative turnover`);
		text = String(value);
		if (/e/i.test(text))
			throw new MoneyProblem(
				`${quoted(value)} is too large or too small to be an exact amount; send it as text`,
			);
	} else if (typeof value === 'string') {
		text = value;
	} else if (typeof value === 'bigint') {
		text = value.toString();
	} else {
		throw new MoneyProblem(
			value === undefined || value === null
				? 'is required'
				: `${quoted(JSON.stringify(value))} is not an amount`,
		);
	}
	text = text.replace(SPACES, ' ').trim();
	if (!text) throw new MoneyProblem('is required');
	if (/^[-−–]/.test(text))
		throw new MoneyProblem(`${quoted(value)} is negative; the API rejects negative turnover`);
	if (text.startsWith('+')) text = text.slice(1).trimStart();

	const separators = text.match(/[.,]/g) ?? [];
	if (separators.length > 1) {
		throw new MoneyProblem(
			`${quoted(value)} has more than one "." or ","; group thousands with spaces only and use one decimal separator ("1 234,56" or "1234.56")`,
		);
	}
	let intText = text;
	let fraction = '';
	if (separators.length === 1) {
		const at = text.search(/[.,]/);
		intText = text.slice(0, at);
		fraction = text.slice(at + 1);
		if (unit === 'kopecks') {
			throw new MoneyProblem(
				`${quoted(value)} has a decimal part, but kopecks are whole numbers; choose Amount Unit "Currency Units" for amounts like 12.34`,
			);
		}
		if (!/^\d+$/.test(fraction))
			throw new MoneyProblem(`${quoted(value)} is not an amount: the decimal part must be digits`);
		if (intText === '')
			throw new MoneyProblem(
				`${quoted(value)} is not an amount: a digit must come before the decimal separator`,
			);
		const significant = fraction.replace(/0+$/, '');
		if (significant.length > 2) {
			throw new MoneyProblem(
				`${quoted(value)} has more than two decimal places; kopecks (0.01) are the smallest unit`,
			);
		}
		fraction = significant;
	}
	const digits = integerDigits(intText, value);
	const kopecks =
		unit === 'kopecks' ? BigInt(digits) : BigInt(digits) * 100n + BigInt(fraction.padEnd(2, '0'));
	if (kopecks > BigInt(Number.MAX_SAFE_INTEGER))
		throw new MoneyProblem(`${quoted(value)} is too large`);
	return Number(kopecks);
}
