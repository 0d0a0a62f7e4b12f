/**
 * Optional currency-unit views of money fields. The API's fields stay as they are (integer kopecks);
 * the view adds `<field>_rub` next to each (kopecks / 100), e.g. income_sum 1234550 → income_sum_rub 12345.5.
 */
import type { IDataObject } from 'n8n-workflow';

/**
 * Integer kopeck fields: every `*_sum`, the calculated `turnover`, the declared `manual_turnover`.
 * Not the PRO monthly `average_check_sum` (a number whose unit the spec does not state).
 */
export function isKopecksField(name: string, value: unknown): boolean {
	if (typeof value !== 'number' || !Number.isInteger(value)) return false;
	if (name === 'average_check_sum') return false;
	return name.endsWith('_sum') || name === 'turnover' || name === 'manual_turnover';
}

/** Kopecks to the currency unit without binary noise (1999 → 19.99). */
export function toRubles(kopecks: number): number {
	return Math.round(kopecks) / 100;
}

export function withRubles(row: IDataObject): IDataObject {
	const out: IDataObject = {};
	for (const [name, value] of Object.entries(row)) {
		out[name] = value;
		if (isKopecksField(name, value)) out[`${name}_rub`] = toRubles(value as number);
	}
	return out;
}
