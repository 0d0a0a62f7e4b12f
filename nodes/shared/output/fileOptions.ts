/**
 * The "Output" field of the large list operations (one item per record, or one file) and the file's
 * options, with their reading (before any request).
 */
import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { readBoolean, readChoice, readString, fail } from '../input';
import type { Delimiter } from './csv';
import type { FieldSet } from '../actions';

type Show = Record<string, string[]>;

export interface FileSettings {
	format: 'csv' | 'jsonl';
	delimiter: Delimiter;
	bom: boolean;
	rubles: boolean;
	/** Simplify: the operation's field set (deliver.ts sets it), the records written as the items have them */
	simplify?: FieldSet;
	binaryProperty: string;
	fileName?: string;
}

/**
 * The Output field and the file's options, shown where `show` says; `{ money: true }` for records with
 * money fields (a bare boolean is the trigger's older call, nodes/ShoppingCenterEventsTrigger).
 */
export function outputFields(show: Show, records: { money: boolean }): INodeProperties[] {
	const money = records.money;
	const asFile = { show: { ...show, output: ['file'] } };
	return [
		{
			displayName: 'Output',
			name: 'output',
			type: 'options',
			default: 'items',
			displayOptions: { show },
			options: [
				{
					name: 'One Item per Record',
					value: 'items',
					description: 'Each record as an item of its own',
				},
				{
					name: 'One File',
					value: 'file',
					description:
						'All records in one CSV or JSON Lines file, written as the pages arrive (for exports of any size), plus a summary',
				},
			],
			description: money
				? 'How the records leave the node (Add Ruble Amounts applies to either: ruble columns in a CSV, _rub fields in JSON Lines)'
				: 'How the records leave the node',
		},
		{
			displayName: 'File Format',
			name: 'fileFormat',
			type: 'options',
			default: 'csv',
			displayOptions: asFile,
			options: [
				{
					name: 'CSV',
					value: 'csv',
					description: "Columns in the API's field order, nested fields as dotted names",
				},
				{ name: 'JSON Lines', value: 'jsonl', description: 'One record as JSON per line' },
			],
		},
		{
			displayName: 'File Options',
			name: 'fileOptions',
			type: 'collection',
			placeholder: 'Add option',
			default: {},
			displayOptions: asFile,
			options: [
				{
					displayName: 'Put Output File in Field',
					name: 'binaryPropertyName',
					type: 'string',
					default: 'data',
					description: 'The name of the output binary field to put the file in',
				},
				{
					displayName: 'File Name',
					name: 'fileName',
					type: 'string',
					default: '',
					placeholder: 'e.g. receipts-2026-11.csv',
					description: 'Name of the file; empty: named after the records and the time of the run',
				},
				{
					displayName: 'Delimiter',
					name: 'delimiter',
					type: 'options',
					default: ',',
					options: [
						{ name: 'Comma (,)', value: ',' },
						{
							name: 'Semicolon (;)',
							value: ';',
							description:
								'For spreadsheets in locales with a decimal comma (ru-RU); ruble columns then use a decimal comma',
						},
					],
					description: 'CSV only: the character between fields',
				},
				{
					displayName: 'Add UTF-8 BOM',
					name: 'bom',
					type: 'boolean',
					default: false,
					description:
						'Whether to start the CSV with a byte order mark, so that Excel reads Cyrillic text correctly',
				},
			],
		},
	];
}

/** undefined: one item per record (the default); else how to write the file. */
export function readFileSettings(
	ctx: IExecuteFunctions,
	itemIndex: number,
): FileSettings | undefined {
	if (readChoice(ctx, 'output', 'Output', itemIndex, ['items', 'file'], 'items') === 'items')
		return undefined;
	const format = readChoice(ctx, 'fileFormat', 'File Format', itemIndex, ['csv', 'jsonl'], 'csv');
	const delimiter = readChoice(
		ctx,
		'fileOptions.delimiter',
		'Delimiter',
		itemIndex,
		[',', ';'],
		',',
	);
	const binaryProperty =
		readString(ctx, 'fileOptions.binaryPropertyName', 'Put Output File in Field', itemIndex, {
			max: 200,
		}) || 'data';
	if (!/^[\w.-]+$/.test(binaryProperty))
		fail(ctx, itemIndex, 'Put Output File in Field', 'use letters, digits, _, - and . only');
	const fileName = readString(ctx, 'fileOptions.fileName', 'File Name', itemIndex, { max: 200 });
	if (/[/\\]/.test(fileName))
		fail(ctx, itemIndex, 'File Name', 'is a name, not a path (no / or \\)');
	return {
		format,
		delimiter,
		bom: readBoolean(ctx, 'fileOptions.bom', 'Add UTF-8 BOM', itemIndex),
		// the ruble columns follow the node's one "Add Ruble Amounts" switch (deliver.ts sets it)
		rubles: false,
		binaryProperty,
		fileName: fileName || undefined,
	};
}
