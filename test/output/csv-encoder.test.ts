/** The CSV encoder alone: RFC 4180 quoting per delimiter, dotted flattening, fields the spec does not list. */
import { csvEncoder } from '../../nodes/shared/output/csv';
import { fileColumns as receipt } from '../../nodes/ShoppingCenterReceipts/actions/receipt/export.operation';
import { fileColumns as dailySales } from '../../nodes/ShoppingCenterRevenue/actions/dailySalesAggregate/getMany.operation';
import { csvRecords, parseCsv } from '../helpers/csv-read';

const kind = {
	columns: ['id', 'text', 'author.name', 'author.email', 'total_sum'],
	money: ['total_sum'],
	dateField: 'created_at',
	fileStem: 'x',
};

test.each([',', ';'] as const)('quoting with %s: only what needs it, read back exactly', (d) => {
	const enc = csvEncoder(kind, { delimiter: d, rubles: false });
	const text = 'say "hi", then; go\r\nnext line\nand\rthis';
	const line = enc.line({ id: 'a', text, author: { name: 'Ann', email: null }, total_sum: 1250 });
	expect(line.endsWith('\r\n')).toBe(true);
	const [row] = csvRecords(enc.header + line, d);
	expect(row).toEqual({
		id: 'a',
		text,
		'author.name': 'Ann',
		'author.email': '',
		total_sum: '1250',
		other_fields: '',
	});
	// a plain value is not quoted; the other delimiter needs no quotes either
	const plain = enc.line({ id: d === ',' ? 'a;b' : 'a,b', text: 'x' });
	expect(plain.startsWith('a')).toBe(true);
});

test('fields outside the spec, and a nested object where text was expected, land in other_fields', () => {
	const enc = csvEncoder(kind, { delimiter: ',', rubles: true });
	const [row] = csvRecords(
		enc.header +
			enc.line({ id: 'b', author: { name: 'Bo', phone: '1' }, new_field: [1, 2], total_sum: -5 }),
	);
	expect(JSON.parse(row.other_fields)).toEqual({ 'author.phone': '1', new_field: [1, 2] });
	expect(row.total_sum_rub).toBe('-0.05');
	expect(parseCsv(enc.header)[0]).toEqual([
		'id',
		'text',
		'author.name',
		'author.email',
		'total_sum',
		'total_sum_rub',
		'other_fields',
	]);
});

test('receipt columns follow the spec: id first after the path, sums, VAT, items_count last', () => {
	const c = receipt.columns;
	expect(c.slice(0, 4)).toEqual(['sc_id', 'shop_id', 'id', 'document_type']);
	expect(c.at(-1)).toBe('items_count');
	expect(receipt.money).toHaveLength(23);
	expect(dailySales.money).toContain('turnover');
});
