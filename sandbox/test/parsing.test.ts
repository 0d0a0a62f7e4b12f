/** The sandbox's request parsing: forms (bracket notation), queries (repeated keys, key[]), bodies by type. */
import { parseBody, parseForm, parseQuery } from '../server/parsing';

describe('sandbox request parsing', () => {
	test('form: bracket notation becomes arrays and objects', () => {
		expect(parseForm('shop_ids[]=a&shop_ids[]=b&name=x+y')).toEqual({
			shop_ids: ['a', 'b'],
			name: 'x y',
		});
		expect(
			parseForm(
				'data[0][datetime]=2026-11-19T10%3A00%3A00%2B05%3A00&data[0][in]=5&data[1][datetime]=t&data[1][out]=3',
			),
		).toEqual({
			data: [
				{ datetime: '2026-11-19T10:00:00+05:00', in: '5' },
				{ datetime: 't', out: '3' },
			],
		});
		expect(parseForm('a[b][c]=1&a[b][d]=2')).toEqual({ a: { b: { c: '1', d: '2' } } });
		expect(parseForm('k=1&k=2')).toEqual({ k: ['1', '2'] });
		expect(parseForm('data[1][in]=2&data[0][in]=1')).toEqual({ data: [{ in: '1' }, { in: '2' }] });
		expect(parseForm('')).toEqual({});
	});

	test('form: malformed input is a 400 ApiError', () => {
		for (const bad of [
			'a=%E0%A4%A',
			'a[=1',
			'a]=1',
			'a=1&a[b]=2',
			'constructor[x]=1',
			'a[1][2][3][4][5][6]=1',
		]) {
			expect(() => parseForm(bad)).toThrow(
				expect.objectContaining({ status: 400, code: 'bad_request' }),
			);
		}
	});

	test('query: repeated keys and key[] become arrays, suffix removed; document_types stays one string', () => {
		expect(parseQuery('?statuses[]=agreed&statuses[]=rejected&page=2')).toEqual({
			statuses: ['agreed', 'rejected'],
			page: '2',
		});
		expect(parseQuery('ticket_uids[]=101')).toEqual({ ticket_uids: ['101'] });
		expect(parseQuery('ticket_uids=1&ticket_uids=2')).toEqual({ ticket_uids: ['1', '2'] });
		expect(parseQuery('document_types=receipt,delivery')).toEqual({
			document_types: 'receipt,delivery',
		});
		expect(parseQuery('a%5B%5D=1&a%5B%5D=2')).toEqual({ a: ['1', '2'] });
		expect(() => parseQuery('a=%ZZ')).toThrow(expect.objectContaining({ status: 400 }));
	});

	test('body by content type: JSON, form, sniffed without type, others 415', () => {
		expect(parseBody(Buffer.from('{"a":1}'), 'application/json; charset=utf-8')).toEqual({ a: 1 });
		expect(parseBody(Buffer.from('a=1'), 'application/x-www-form-urlencoded')).toEqual({ a: '1' });
		expect(parseBody(Buffer.from('{"a":1}'), undefined)).toEqual({ a: 1 });
		expect(parseBody(Buffer.from('a=1'), undefined)).toEqual({ a: '1' });
		expect(parseBody(Buffer.alloc(0), 'application/json')).toEqual({});
		expect(() => parseBody(Buffer.from('x'), 'multipart/form-data')).toThrow(
			expect.objectContaining({ status: 415 }),
		);
	});
});
