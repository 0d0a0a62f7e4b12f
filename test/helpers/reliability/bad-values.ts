/**
 * The generated table of bad parameter values, by the kind of field. Each value is handed to the node
 * through an expression (`{{ $json.p["field"] }}`), so it reaches the node with its JavaScript type
 * (NaN, objects, arrays, booleans...) exactly as an upstream node or a webhook could produce it.
 *
 * What is NOT in here, and why (the table's own decisions, tested in bad-input-decisions.test.ts):
 * - letters of any script in IDs and free text ("магазин-1", "Ярмарка 🎄"): IDs are opaque strings to
 *   the spec and names are free text, so those are valid; the API decides about an unknown ID;
 * - future dates for READ operations: the conventions clip them to the freshest day, they are not errors.
 */

export interface BadValue {
	title: string;
	value: unknown;
}

export const HUGE = 'x'.repeat(10_000);
export const HUGE_DIGITS = '9'.repeat(10_000);

const v = (title: string, value: unknown): BadValue => ({ title, value });

const EMPTY = [
	v('empty', ''),
	v('whitespace only', '   '),
	v('tabs and new lines only', '\t\n \r\n'),
];
const WRONG_TYPES = [v('an object', { id: 1 }), v('an array', ['1002']), v('a boolean', true)];

export type Kind =
	| 'id'
	| 'optionalId'
	| 'date'
	| 'limit'
	| 'count'
	| 'requiredCount'
	| 'kopecks'
	| 'requiredText'
	| 'granularity'
	| 'choice'
	| 'optionalChoice'
	| 'color'
	| 'ticketNumbers'
	| 'ticketStatuses'
	| 'passStatuses'
	| 'documentTypes'
	| 'otherDocumentTypes'
	| 'shopIdList'
	| 'fieldName'
	| 'boolean';

/** Values every field of the kind must refuse before any request. */
export const BAD_VALUES: Record<Kind, BadValue[]> = {
	id: [
		...EMPTY,
		...WRONG_TYPES,
		v('null', null),
		v('an inner space', '1002 01'),
		v('an inner no-break space', '1002\u00A001'),
		v('a zero-width space (invisible)', '1002\u200B'),
		v('a byte-order mark inside', '10\uFEFF02'),
		v('a lone UTF-16 surrogate', '1002\uD800'),
		v('a control character', '1002\u0007'),
		v('10k characters', HUGE),
		v('NaN', NaN),
		v('Infinity', Infinity),
		v('a fractional number', 1002.5),
		v('a negative number', -1002),
	],
	// an optional filter: empty means "none", everything else as for an ID
	optionalId: [
		...WRONG_TYPES,
		v('an inner space', '1002 01'),
		v('a zero-width space (invisible)', '1002-01\u200B'),
		v('a lone UTF-16 surrogate', '1002-01\uDC00'),
		v('10k characters', HUGE),
		v('NaN', NaN),
	],
	date: [
		...EMPTY,
		...WRONG_TYPES,
		v('null', null),
		v('NaN', NaN),
		v('the string NaN', 'NaN'),
		v('a number (epoch ms)', 1735689600000),
		v('February 30th', '2025-02-30'),
		v('February 29th of a common year', '2025-02-29'),
		v('month 13', '2025-13-01'),
		v('month 0', '2025-00-10'),
		v('hour 25', '2025-01-01T25:00:00'),
		v('not a date', 'tomorrow'),
		v('day.month.year', '31.12.2025'),
		v('full-width digits', '２０２５-０１-０１'),
		v('an invalid Date object', new Date(NaN)),
		v('a six-digit year (extended ISO 8601)', '+275760-01-01'),
		v('a six-digit year with a time', '+275760-01-01T00:00:00Z'),
		v('10k characters', HUGE),
	],
	limit: [
		v('0', 0),
		v('-1', -1),
		v('1.5', 1.5),
		v('NaN', NaN),
		v('Infinity', Infinity),
		v('a numeric string', '10'),
		v('empty', ''),
		v('text', 'ten'),
		v('null', null),
		...WRONG_TYPES,
	],
	count: [
		v('-1', -1),
		v('1.5', 1.5),
		v('NaN', NaN),
		v('Infinity', -Infinity),
		v('1e21', 1e21),
		v('whitespace only', '   '),
		v('text', 'abc'),
		v('a fractional string', '2.5'),
		v('an exponent', '1e3'),
		v('hex', '0x10'),
		v('full-width digits', '１２'),
		v('10k digits', HUGE_DIGITS),
		...WRONG_TYPES,
	],
	requiredCount: [],
	kopecks: [
		...EMPTY,
		...WRONG_TYPES,
		v('null', null),
		v('negative kopecks (number)', -1),
		v('negative kopecks (text)', '-100'),
		v('negative with a unicode minus', '−100'),
		v('fractional kopecks (number)', 1.5),
		v('fractional kopecks (text)', '100.5'),
		v('fractional kopecks with a comma', '100,5'),
		v('NaN', NaN),
		v('Infinity', Infinity),
		v('1e21', 1e21),
		v('an exponent', '1e5'),
		v('text', 'one hundred'),
		v('a currency sign', '100 ₽'),
		v('comma as thousands separator', '1,234,567'),
		v('a bad grouping', '12 34'),
		v('full-width digits', '１２３'),
		v('10k digits', HUGE_DIGITS),
	],
	requiredText: [
		...EMPTY,
		v('null', null),
		v('an object', { a: 1 }),
		v('an array', ['a']),
		v('a boolean', true),
		v('a lone UTF-16 surrogate (a broken emoji)', 'Fair \uD83C'),
		v('a NUL character', 'Fair\u0000'),
		v('10k characters', HUGE),
	],
	granularity: [
		v('an unknown value', 'minute'),
		v('upper case', 'DAY'),
		v('another script', 'день'),
		v('10k characters', HUGE),
		...WRONG_TYPES,
	],
	choice: [
		v('an unknown value', 'bogus'),
		v('another script', 'значение'),
		v('10k characters', HUGE),
		...WRONG_TYPES,
	],
	optionalChoice: [
		v('an unknown value', 'bogus'),
		v('whitespace inside', 'ne w'),
		v('10k characters', HUGE),
		...WRONG_TYPES,
	],
	color: [
		v('rgb()', 'rgb(1,2,3)'),
		v('rgba()', 'rgba(0,0,0,0.5)'),
		v('a colour name', 'red'),
		v('3-digit hex', '#FFF'),
		v('hex without #', 'FF8800'),
		v('not hex', '#GG0000'),
		v('8-digit hex', '#FF880000'),
		v('a full-width #', '＃FF8800'),
		v('10k characters', HUGE),
		v('an object', { r: 1, g: 2, b: 3 }),
		v('a number', 0xff8800),
	],
	ticketNumbers: [
		...EMPTY,
		v('separators only', ' , ;\n, '),
		v('letters', 'abc'),
		v('digits and a letter', '1001000101, 12a'),
		v('negative', '-5'),
		v('fractional', '1.5'),
		v('an exponent', '1e5'),
		v('Arabic-Indic digits', '١٢٣'),
		v('full-width digits', '１２３'),
		v('10k characters', HUGE),
		v('10k digits', HUGE_DIGITS),
		v('21 digits', '1'.repeat(21)),
		v('an array with an object', [{ n: 1 }]),
		v('an array with a fraction', [1.5]),
		v('an array with NaN', [NaN]),
		v('an array with a negative', [-1]),
		v('an array with a boolean', [true]),
		v('an empty array', []),
		v('an object', { a: 1 }),
	],
	ticketStatuses: [
		v('an unknown status', ['closed']),
		v('one unknown in a comma list', 'agreed, bogus'),
		v('semicolon-separated', 'agreed;rejected'),
		v('upper case', ['AGREED']),
		v('an object in the list', [{ s: 'agreed' }]),
		v('10k characters', HUGE),
	],
	passStatuses: [
		v('a space inside', 'pending expired'),
		v('rgb-like punctuation', 'rgb(1,2,3)'),
		v('another script', 'одобрен'),
		v('an object in the list', [{ s: 'approved' }]),
		v('semicolon-separated', 'pending;expired'),
		v('a word of 10k characters', HUGE),
	],
	documentTypes: [
		v('a space inside', ['receipt', 'correction receipt']),
		v('punctuation', ['receipt;drop']),
		v('another script', ['чек']),
		v('an object', { receipt: true }),
		v('a number', 5),
	],
	otherDocumentTypes: [
		v('a space inside', 'correction receipt'),
		v('punctuation', 'correction;drop'),
		v('another script', 'коррекция'),
		v('10k characters', HUGE),
		...WRONG_TYPES,
	],
	shopIdList: [
		v('a space inside an ID', '1002-01, 1002 02'),
		v('an object in the list', [{ id: '1002-01' }]),
		v('a boolean in the list', [true]),
		v('null in the list', [null]),
		v('an ID of 201 characters', 'x'.repeat(201)),
		v('10k characters', HUGE),
	],
	fieldName: [v('whitespace only', '   '), ...WRONG_TYPES],
	// "true" / "false" text (an expression's output) is accepted, and empty gives the default
	boolean: [
		v('the text "no"', 'no'),
		v('the text "yes"', 'yes'),
		v('1', 1),
		v('0', 0),
		v('an object', { on: true }),
		v('an array', [true]),
		v('10k characters', HUGE),
	],
};
BAD_VALUES.requiredCount = [v('empty', ''), v('null', null), ...BAD_VALUES.count];
